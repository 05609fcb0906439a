import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const repository = `${pathToFileURL(process.cwd()).href}/`;

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a sampled function lives: its npm package, its file in this repository, or what V8 calls it. */
function placeOf(url: string, functionName: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  if (url.startsWith(repository)) return url.slice(repository.length);
  if (url.startsWith('node:')) return url;
  if (url.startsWith('wasm://')) return 'WebAssembly (PGlite)';
  return url || `(${functionName || 'native'})`;
}

/** The places that used the most CPU in a profile (self time), as "share place" lines, idle left out. */
export function profileSummary(file: string, top = 12): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byPlace = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id);
    if (!frame || frame.functionName === '(idle)') return;
    const place = placeOf(frame.url, frame.functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const busy = [...byPlace.values()].reduce((a, b) => a + b, 0);
  return [...byPlace.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([place, micros]) => `${((micros / busy) * 100).toFixed(1).padStart(5)} %  ${place}`);
}
