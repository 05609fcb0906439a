/**
 * How often an open page asks whether a new build was deployed (build-version.ts). On a module of
 * its own, which the watcher does not import: a flow page, whose first load must stay small, loads
 * the watcher itself only when its first poll is due.
 */
export const buildPollIntervalMs = 5 * 60 * 1000;
