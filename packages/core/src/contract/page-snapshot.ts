import type {
  CaptchaConfigResponse,
  CharacterWhitelistResponse,
  CultureContentResponse,
  CulturesResponse,
  DeadlinesResponse,
  FormsConfigResponse,
} from './api';
import type { SiteSettings } from './site';

/**
 * The contract between the server and the web app's snapshot renderer
 * (docs/behaviour.md#page-snapshots): the server hands the renderer the same answers the
 * browser's start-up reads from the API (docs/behaviour.md#start-up) and gets back the markup
 * of the page as the site's first render shows it.
 */

/** Start-up's answers that start no session, for one culture. */
export interface StartUpAnswers {
  cultures: CulturesResponse;
  /** GET /api/culture/content for `culture`. */
  content: CultureContentResponse;
  deadlines: DeadlinesResponse;
  formsConfig: FormsConfigResponse;
  charactersWhitelist: CharacterWhitelistResponse;
  captcha: CaptchaConfigResponse;
  site: SiteSettings;
}

export interface PageSnapshotRequest {
  /** The page's address as the browser has it: a path, and a query naming the culture or none. */
  path: string;
  /** The enabled culture the page shows in. */
  culture: string;
  answers: StartUpAnswers;
}

/**
 * The markup the site renders into its root element for the page, or null when the page
 * would not show at that address (a route guard sends the claimant elsewhere).
 */
export type PageSnapshotRenderer = (request: PageSnapshotRequest) => Promise<string | null>;

/** The name of the renderer the web app's snapshot module exports. */
export const PAGE_SNAPSHOT_EXPORT = 'renderPageSnapshot';
