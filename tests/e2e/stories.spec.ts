import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/**
 * Every story of the built Storybook (storybook-static, built by npm test before this suite) renders
 * and its play function passes: the generated stories of every registered product, the widget
 * gallery. A story that throws, or whose interaction fails, fails here.
 */

interface IndexEntry {
  id: string;
  type: 'story' | 'docs';
  title: string;
  name: string;
}

const storybook = `http://127.0.0.1:${Number(process.env.E2E_STORYBOOK_PORT ?? 6107)}`;
const index = JSON.parse(readFileSync('storybook-static/index.json', 'utf8')) as { entries: Record<string, IndexEntry> };
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');

test.describe.configure({ mode: 'parallel' });

test('Storybook has stories for every product folder', () => {
  expect(stories.length).toBeGreaterThan(0);
});

// One test per story file: its stories render one after another in one preview, switched as
// Storybook's sidebar switches them, instead of loading the preview again for every story.
const files = new Map<string, IndexEntry[]>();
for (const story of stories) files.set(story.title, [...(files.get(story.title) ?? []), story]);

for (const [title, list] of files) {
  test(`stories of ${title}`, async ({ page }) => {
    test.setTimeout(30_000 + list.length * 20_000);
    await page.addInitScript(() => {
      const state = window as unknown as { __storyStatus: string | null; __STORYBOOK_ADDONS_CHANNEL__?: { on(event: string, listener: (payload: { status?: string; message?: string }) => void): void } };
      state.__storyStatus = null;
      const attach = setInterval(() => {
        const channel = state.__STORYBOOK_ADDONS_CHANNEL__;
        if (!channel) return;
        clearInterval(attach);
        // storyFinished reports `success` even after a play function threw, so a failure seen first wins.
        const fail = (what: string) => (event: { message?: string }) => { state.__storyStatus ??= `${what}: ${event.message ?? ''}`; };
        channel.on('storyThrewException', fail('threw'));
        channel.on('storyErrored', fail('errored'));
        channel.on('playFunctionThrewException', fail('play failed'));
        channel.on('storyFinished', (event) => { state.__storyStatus ??= event.status ?? 'unknown'; });
      }, 2);
    });
    for (const [i, story] of list.entries()) {
      if (i === 0) {
        await page.goto(`${storybook}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story`);
      } else {
        // Switched as Storybook's own sidebar does: the preview renders the next story in place.
        await page.evaluate((storyId) => {
          const state = window as unknown as { __storyStatus: string | null; __STORYBOOK_ADDONS_CHANNEL__: { emit(event: string, payload: unknown): void } };
          state.__storyStatus = null;
          state.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' });
        }, story.id);
      }
      await expect
        .soft.poll(() => page.evaluate(() => (window as unknown as { __storyStatus: string | null }).__storyStatus), { message: story.name, timeout: 20_000 })
        .toBe('success');
    }
  });
}
