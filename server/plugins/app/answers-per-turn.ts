import timers from 'node:timers';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

// Taken once, as the module loads: a test that fakes the clock afterwards (timers included) still gets its answers.
const { setImmediate } = timers;

/**
 * Answers made in the same turn of the event loop are written together, after the turn's input has
 * been handled: each answer's last step (`onSend`) waits for one `setImmediate` per turn, whatever
 * the number of answers.
 *
 * Why: a busy server reads many requests in one turn, and writing each answer the moment it is
 * ready wakes the peer (a proxy, a partner's client) once per answer; written back to back, they
 * wake it once. On a VM a wakeup is an inter-processor interrupt and a VM exit, charged to the
 * writing server: at saturation, a third of the calculator's CPU per request. A request alone in
 * its turn waits only for the end of that turn (no timer). Corking the sockets would not do it:
 * Node's `ServerResponse.end()` uncorks its socket fully.
 */
export default fp(
  async (app) => {
    let waiting: { write: (error?: Error) => void; reply: FastifyReply }[] = [];
    const writeAll = () => {
      const answers = waiting;
      waiting = [];
      for (const { write, reply } of answers) {
        try {
          write();
        } catch (error) {
          // Writing can throw (a header value Node refuses). Fastify's hook runner would have caught it
          // and given it to the error handler; so do we, and one answer's failure is not the others'.
          try {
            write(error as Error);
          } catch (failure) {
            reply.log.error({ err: failure }, 'an answer could not be written');
            reply.raw.destroy();
          }
        }
      }
    };
    app.addHook('onSend', (_request, reply, _payload, done) => {
      if (waiting.push({ write: done, reply }) === 1) setImmediate(writeAll);
    });
  },
  { name: 'answers-per-turn' },
);
