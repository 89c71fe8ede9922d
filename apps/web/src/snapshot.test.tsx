// @vitest-environment node
// The renderer runs in Node on the server, with no DOM.
import { deadlineDefinitions } from '@claims/core/case/case-schema';
import {
  enabledCultureCodes,
  toCultureContent,
  toCulturesResponse,
} from '@claims/core/case/cultures';
import { encodeAllowedCharacters } from '@claims/core/contract/api';
import type { StartUpAnswers } from '@claims/core/contract/page-snapshot';
import { toSiteSettings } from '@claims/core/contract/site';
import { toDeadlinesResponse } from '@claims/core/deadlines/deadlines';
import { describe, expect, it } from 'vitest';
import { demoCase, demoModelConfigs } from './features/forms/testing/demo-case';
import { renderPageSnapshot } from './snapshot';

/**
 * Start-up's answers for the demo case, as the server gives them (filing closes in 2036), or
 * with filing closed on `filingClosed`.
 */
function demoAnswers(culture: string, filingClosed?: string): StartUpAnswers {
  const definition = demoCase();
  const deadlines = deadlineDefinitions(definition).map((deadline) =>
    deadline.name === 'globalDeadline' && filingClosed !== undefined
      ? { ...deadline, deadline: filingClosed }
      : deadline,
  );
  return {
    cultures: toCulturesResponse(definition),
    content: toCultureContent(definition, culture),
    deadlines: toDeadlinesResponse({
      deadlines,
      cultures: enabledCultureCodes(definition),
      projectTimeZone: definition.deadlines.projectTimeZone,
    }),
    formsConfig: demoModelConfigs(),
    charactersWhitelist: {
      allowedCharacters: encodeAllowedCharacters(definition.characterWhitelist),
    },
    captcha: { provider: 'Altcha', siteKey: '', challengeUrl: '/api/altcha/challenge' },
    site: toSiteSettings(definition, { sessionMinutes: 20 }),
  };
}

/** The text of the page's own heading: the first h1 inside main, its tags and entities read. */
function mainHeading(markup: string | null): string | undefined {
  expect(markup).not.toBeNull();
  const heading = /<main[\s\S]*?<h1[^>]*>([\s\S]*?)<\/h1>/.exec(markup as string)?.[1];
  return heading
    ?.replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
}

describe('renderPageSnapshot', () => {
  it('renders a landing page whole: layout, heading, lead copy and fields', async () => {
    const page = await renderPageSnapshot({
      path: '/standard',
      culture: 'en',
      answers: demoAnswers('en'),
    });
    expect(mainHeading(page)).toBe(demoCase().content.en?.LocKey_Standard_Landing_Title);
    expect(page).toMatch(/<header[^>]*>[\s\S]*<main[\s\S]*<\/main><footer/);
    expect(page).toContain('<p class="lead-copy">');
    expect(page).toMatch(/<input [^>]*name="noticeId"/);
  });

  it('renders the page in the culture it is asked for', async () => {
    const page = await renderPageSnapshot({
      path: '/standard?culture=es',
      culture: 'es',
      answers: demoAnswers('es'),
    });
    expect(mainHeading(page)).toBe(demoCase().content.es?.LocKey_Standard_Landing_Title);
  });

  it("renders the site root with the case's home copy, in a culture other than the default", async () => {
    const page = await renderPageSnapshot({
      path: '/?culture=es',
      culture: 'es',
      answers: demoAnswers('es'),
    });
    expect(mainHeading(page)).toBe(demoCase().content.es?.LocKey_Automotive_Landing_Title);
    expect(page).toMatch(/<section class="home-landing__about"[^>]*><h2/);
  });

  it('renders nothing for a page a guard sends elsewhere, as once filing has closed', async () => {
    const markup = await renderPageSnapshot({
      path: '/standard',
      culture: 'en',
      answers: demoAnswers('en', '01/01/2000'),
    });
    expect(markup).toBeNull();
  });

  it('renders pages asked for together one at a time, each from its own answers', async () => {
    const [english, spanish] = await Promise.all([
      renderPageSnapshot({ path: '/standard', culture: 'en', answers: demoAnswers('en') }),
      renderPageSnapshot({
        path: '/standard?culture=es',
        culture: 'es',
        answers: demoAnswers('es'),
      }),
    ]);
    expect(mainHeading(english)).toBe(demoCase().content.en?.LocKey_Standard_Landing_Title);
    expect(mainHeading(spanish)).toBe(demoCase().content.es?.LocKey_Standard_Landing_Title);
  });
});
