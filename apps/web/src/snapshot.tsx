/**
 * The web app's server entry: renders a page's snapshot (docs/behaviour.md#page-snapshots), the
 * markup the site's first render shows for a page, so the server can send it inside index.html
 * and the page paints before its script has run. The browser's own render replaces it whole
 * once the script has started (main.tsx); nothing is hydrated.
 *
 * Built by `vite build --ssr` into dist-snapshot/ (package.json), which the server loads on
 * demand. It renders the site's own routes with the stores filled from the same answers the
 * browser's start-up reads (app/start-up-answers.ts), so both show the same page.
 */
import { isTheme } from '@claims/core/case/themes';
import type { PageSnapshotRenderer, StartUpAnswers } from '@claims/core/contract/page-snapshot';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { appRoutes } from './app/router';
import {
  storeCharacterWhitelist,
  storeDeadlines,
  storeFormsConfig,
  storeSiteSettings,
} from './app/start-up-answers';
import { loadThemeStylesheet } from './features/themes/use-theme-stylesheet';
import { useModelsStore } from './features/forms/stores/models-store';
import { initialApplicationState, useApplicationStore } from './stores/application-store';
import { useCaptchaStore } from './stores/captcha-store';
import { initialLocalizationState, useLocalizationStore } from './stores/localization-store';
import { useNavigationStore } from './stores/navigation-store';
import { initialSettingsState, useSettingsStore } from './stores/settings-store';

/** The origin the routes see; the snapshot holds no absolute address of the site. */
const SNAPSHOT_ORIGIN = 'http://snapshot.invalid';

/** The stores a page reads, filled for each render. */
const PAGE_STORES = [
  useApplicationStore,
  useLocalizationStore,
  useSettingsStore,
  useCaptchaStore,
  useNavigationStore,
  useModelsStore,
];

/**
 * On a server, a zustand hook reads its store's initial state (useSyncExternalStore's server
 * snapshot), which would render every page as it stands before start-up. The snapshot shows
 * the stores as filled, so their initial state is brought up to their current one; nothing
 * in the site reads a store's initial state otherwise (each store exports its own).
 */
function serveCurrentState(): void {
  for (const store of PAGE_STORES) Object.assign(store.getInitialState(), store.getState());
}

async function fillStores(culture: string, answers: StartUpAnswers): Promise<void> {
  useApplicationStore.setState(initialApplicationState);
  useLocalizationStore.setState(initialLocalizationState);
  useSettingsStore.setState(initialSettingsState);
  // In start-up's order: the deadlines' texts are read with the content.
  useLocalizationStore.getState().setEnabledCultures(answers.cultures);
  await storeDeadlines(answers.deadlines);
  useLocalizationStore.getState().showContent(culture, answers.content);
  storeFormsConfig(answers.formsConfig);
  storeCharacterWhitelist(answers.charactersWhitelist);
  storeSiteSettings(answers.site);
  await useCaptchaStore.getState().initialize(answers.captcha);
  if (isTheme(answers.site.theme)) await loadThemeStylesheet(answers.site.theme);
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts).toString('utf8');
}

async function render(path: string, culture: string, answers: StartUpAnswers) {
  await fillStores(culture, answers);
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(new URL(path, SNAPSHOT_ORIGIN)));
  // A guard's redirect: the page does not show at this address.
  if (context instanceof Response) return null;
  if (context.errors !== null) {
    throw new Error(`rendering ${path} failed in its route: ${JSON.stringify(context.errors)}`);
  }
  serveCurrentState();
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  return streamText(prelude);
}

// The stores are the module's own: one render at a time.
let queue: Promise<unknown> = Promise.resolve();

export const renderPageSnapshot: PageSnapshotRenderer = ({ path, culture, answers }) => {
  const rendered = queue.then(() => render(path, culture, answers));
  queue = rendered.catch(() => undefined);
  return rendered;
};
