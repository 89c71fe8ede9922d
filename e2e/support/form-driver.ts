import type { Locator, Page } from 'playwright-core';
import { plainText, type CultureTexts } from './content';
import type { UploadFile } from './files';
import { waitForSpinners } from './shell';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches a label exactly, with or without the trailing required mark. */
export function labelPattern(label: string): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(label)}\\s*\\*?\\s*$`);
}

/**
 * Fills the claim pages the way a claimant does, finding every control by the label the
 * culture's content gives it, so one test script drives the site in any language.
 */
export class FormDriver {
  constructor(
    readonly page: Page,
    readonly texts: CultureTexts,
  ) {}

  /** The text of a content key as the page shows it. */
  t(key: string): string {
    return plainText(this.texts.text(key));
  }

  /**
   * The control labelled by a field's content key. The label may end in the required mark,
   * which is hidden from assistive technology but is part of the label's text.
   */
  field(labelKey: string): Locator {
    return this.page.getByLabel(labelPattern(this.t(labelKey)));
  }

  /** The text of a content key, or the site's own English text when the content has none. */
  textOr(key: string, english: string): string {
    return this.texts.has(key) ? this.t(key) : english;
  }

  button(labelKey: string): Locator {
    return this.page.getByRole('button', { name: this.t(labelKey), exact: true });
  }

  /** Types into a text field as a person does (key by key, so masks apply), then leaves it. */
  async type(labelKey: string, value: string): Promise<void> {
    const input = this.field(labelKey);
    await input.click();
    await input.press('ControlOrMeta+a');
    await input.press('Delete');
    if (value !== '') await input.pressSequentially(value);
    await input.blur();
  }

  async clear(labelKey: string): Promise<void> {
    await this.type(labelKey, '');
  }

  /** Picks the option of a select by its label's content key. */
  async select(labelKey: string, optionKey: string): Promise<void> {
    await this.field(labelKey).selectOption({ label: this.t(optionKey) });
  }

  /** Picks a select option by its value (lists such as countries and states carry no content key). */
  async selectValue(labelKey: string, value: string): Promise<void> {
    await this.field(labelKey).selectOption(value);
  }

  /** The radio buttons of a question: a radio group named by its legend. */
  radioGroup(labelKey: string): Locator {
    return this.page.getByRole('radiogroup', { name: this.t(labelKey), exact: true });
  }

  async choose(groupKey: string, optionKey: string): Promise<void> {
    await this.radioGroup(groupKey)
      .getByRole('radio', { name: this.t(optionKey), exact: true })
      .check();
  }

  async check(labelKey: string): Promise<void> {
    await this.page.getByRole('checkbox', { name: this.t(labelKey), exact: true }).check();
  }

  async attach(labelKey: string, file: UploadFile, within?: Locator): Promise<void> {
    const scope = within ?? this.page;
    await scope.getByLabel(labelPattern(this.t(labelKey))).setInputFiles(file);
  }

  /** The page's first-level heading. */
  heading(): Locator {
    return this.page.getByRole('main').getByRole('heading', { level: 1 });
  }

  /** Waits until the page shows the title of a content key. */
  async expectPage(titleKey: string, timeout = 30_000): Promise<void> {
    const title = this.t(titleKey);
    await this.page.waitForFunction(
      (expected) => {
        // A landing page's snapshot shows the heading before the site has taken over; it is
        // inert until then (docs/behaviour.md#page-snapshots).
        if (document.getElementById('root')?.hasAttribute('inert') !== false) return false;
        const h1 = document.querySelector('main h1');
        return h1 instanceof HTMLElement && h1.innerText.replace(/\s+/g, ' ').trim() === expected;
      },
      title,
      { timeout },
    );
    await waitForSpinners(this.page);
  }

  /** Clicks the page's main action and waits for the next page's title. */
  async advance(buttonKey: string, nextTitleKey: string): Promise<void> {
    await this.button(buttonKey).click();
    await this.expectPage(nextTitleKey);
  }

  /** Presses a page's main action and waits for the error summary a failed check shows. */
  async pressExpectingErrors(buttonKey: string): Promise<void> {
    await this.button(buttonKey).click();
    await this.page
      .getByRole('group', { name: this.t('LocKey_Forms_ErrorSummary_Title') })
      .waitFor();
  }

  /** The error shown inside a fieldset (a question of radios or checkboxes). */
  async groupError(groupKey: string): Promise<string> {
    const errors = this.radioGroup(groupKey).locator('.invalid-feedback');
    return (await errors.count()) === 0 ? '' : (await errors.first().innerText()).trim();
  }

  /** The error message shown for a field (its accessible description). */
  async fieldError(labelKey: string): Promise<string> {
    const input = this.field(labelKey).first();
    return input.evaluate((element) => {
      const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      return ids
        .map((id) => document.getElementById(id))
        .filter(
          (node): node is HTMLElement =>
            node !== null && node.classList.contains('invalid-feedback'),
        )
        .map((node) => node.innerText.trim())
        .join(' ');
    });
  }
}
