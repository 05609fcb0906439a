import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig, type PluginOption } from 'vite';
import { stepSchemaFile, stepValidators } from '../tools/vite-plugin-step-validators';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Plugins of the site's config that Storybook drops: the deployment manifest makes no sense here,
 * Storybook's own chunks do preload what they import, and the step validators are added again
 * below with the widget stories' schemas included.
 */
const siteOnlyPlugins = new Set(['site-build-manifest', 'site-plain-dynamic-imports', 'step-validators']);
const widgetStorySchema = /[\\/]stories[\\/]widgets[\\/]schemas[\\/][^\\/]+\.json$/;
/** The engine's test fixtures with step schema files (the vehicle lookup story runs one). */
const engineFixtureSchema = /[\\/]engine[\\/]test-fixtures[\\/][^\\/]+-step\.json$/;

/** Drops the site-only plugins; plugin options may nest arrays, so they are flattened first. */
function withoutSiteOnly(plugins: PluginOption[] | undefined): PluginOption[] {
  return (plugins ?? []).flatMap((p): PluginOption[] => {
    if (Array.isArray(p)) return withoutSiteOnly(p);
    return p && typeof p === 'object' && 'name' in p && siteOnlyPlugins.has(p.name) ? [] : [p];
  });
}

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Storybook's builder loads the project's vite.config.ts (react, tailwind, lingui PO imports,
  // step validators, the markdown alias). That config roots at site/; stories live beside it, so
  // Storybook roots at the repo.
  viteFinal: (viteConfig) =>
    mergeConfig({ ...viteConfig, plugins: withoutSiteOnly(viteConfig.plugins) }, {
      root: repoRoot,
      publicDir: false,
      plugins: [stepValidators({ include: [stepSchemaFile, widgetStorySchema, engineFixtureSchema] })],
    }),
};

export default config;
