import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig, type PluginOption } from 'vite';
import { storyValidators } from './story-validators';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Plugins of the site's config that make no sense in Storybook (the deployment manifest). */
const siteOnlyPlugins = new Set(['site-build-manifest']);

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
      plugins: [storyValidators()],
    }),
};

export default config;
