/**
 * CPU time from Linux's /proc, for the processes a benchmark does not run itself (the PostgreSQL
 * cluster) and for the machine as a whole (other work sharing its cores). Times are in clock ticks
 * of USER_HZ, 100 per second on every Linux architecture Node runs on: 10 ms resolution per
 * process, which a phase of several seconds and hundreds of purchases averages out.
 */
import { readdirSync, readFileSync } from 'node:fs';

const microsPerTick = 1_000_000 / 100;

/** Fields of /proc/<pid>/stat after the command name (which may contain spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    // The process ended between listing and reading.
    return undefined;
  }
}

/** The parent of a process, or undefined when there is no such process (or no /proc). */
export function parentOf(pid: number): number | undefined {
  const ppid = statFields(pid)?.[1];
  return ppid === undefined ? undefined : Number(ppid);
}

/**
 * CPU time (user + system, µs) of a process tree one level deep: the process with the children it
 * has already reaped, and its live children. A PostgreSQL postmaster forks every backend and worker
 * itself, so this is the whole cluster's CPU, continuous as backends come and go.
 */
export function treeCpuMicros(root: number): number {
  // utime, stime, cutime, cstime are fields 14–17 of stat; the slice starts at field 3.
  const own = statFields(root);
  if (!own) return Number.NaN;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields?.[1] === String(root)) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * microsPerTick;
}

/**
 * CPU time (µs) all cores of the machine spent busy (not idle, not waiting for I/O), everyone's work
 * together, and the time the hypervisor ran something else while this VM had work (steal).
 */
export function machineCpuMicros(): { busy: number; steal: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.split(/\s+/).slice(1).map(Number) ?? [];
  // user nice system idle iowait irq softirq steal (guest time is already counted in user).
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = cpu;
  return { busy: (user + nice + system + irq + softirq) * microsPerTick, steal: steal * microsPerTick };
}
