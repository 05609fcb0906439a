import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';

/** Cookie parsing for every route (the XSRF double submit, the language cookie of the pages). */
export default fp(async (app) => {
  await app.register(cookie);
}, { name: 'cookie' });
