import type { FastifyPluginAsync } from 'fastify';
import homeRoutes from './home';
import paymeRoutes from './payme';
import personRoutes from './person';
import { policyPdfRoutes, verifyRoutes } from './policies';
import sandboxRoutes from './sandbox';
import siteRoutes from './site';
import travelRoutes from './travel';

/** Every route module, registered in this order by app.ts. */
export const routes: { plugin: FastifyPluginAsync; prefix: string }[] = [
  { plugin: travelRoutes, prefix: '/api' },
  { plugin: homeRoutes, prefix: '/api' },
  { plugin: personRoutes, prefix: '/api' },
  { plugin: siteRoutes, prefix: '/api' },
  { plugin: paymeRoutes, prefix: '/api' },
  { plugin: policyPdfRoutes, prefix: '/api' },
  { plugin: verifyRoutes, prefix: '' },
  { plugin: sandboxRoutes, prefix: '' },
];
