import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig } from 'vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  core: { disableTelemetry: true },
  // The site's vite config roots at site/; stories live beside it, so Storybook roots at the repo.
  viteFinal: (viteConfig) => mergeConfig(viteConfig, { root: process.cwd(), build: { outDir: undefined } }),
};

export default config;
