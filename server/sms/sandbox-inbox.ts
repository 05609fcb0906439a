import type { FastifyInstance } from 'fastify';
import { html, page } from '../html';
import type { SandboxSmsInbox } from './sms';

const phoneQuery = { type: 'object', properties: { phone: { type: 'string', pattern: '^998[0-9]{9}$', maxLength: 12 } }, additionalProperties: false };

/**
 * The sandbox SMS inbox: every message the sandbox gateway "sent" (sign-in codes, renewal reminders), newest first,
 * as a page (`/sandbox/sms`) and as JSON (`/sandbox/sms/messages`, for the browser tests), each
 * narrowed to one phone by `?phone=998…`. Served with the rest of the sandbox, never in production
 * (config.ts refuses the sandbox gateway there).
 */
export async function sandboxSmsRoutes(app: FastifyInstance, inbox: SandboxSmsInbox): Promise<void> {
  app.get<{ Querystring: { phone?: string } }>('', {
    schema: { querystring: phoneQuery },
    config: { docs: { summary: 'Sandbox SMS inbox: the messages the sandbox gateway sent (sign-in codes, renewal reminders), newest first; `?phone=998…` for one phone\'s' } },
  }, async (request, reply) => {
    const messages = inbox.messages(request.query.phone);
    const rows = messages.map((message) => html`<dt>${message.to}<br><span class="hint">${message.at.toISOString()}</span></dt><dd>${message.text}</dd>`);
    const body = html`<h1>Sandbox SMS inbox</h1>${messages.length === 0 ? html`<p class="hint">No message yet.</p>` : html`<dl>${rows}</dl>`}`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page('Sandbox SMS inbox', body));
  });

  app.get<{ Querystring: { phone?: string } }>('/messages', {
    schema: { querystring: phoneQuery },
    config: { docs: { summary: 'Sandbox SMS inbox as JSON: `{ messages: [{ to, text, at }] }`, newest first; `?phone=998…` for one phone\'s' } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { messages: inbox.messages(request.query.phone).map((message) => ({ to: message.to, text: message.text, at: message.at.toISOString() })) };
  });
}
