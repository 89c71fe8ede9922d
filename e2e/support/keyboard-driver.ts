import type { Locator } from 'playwright-core';
import type { UploadFile } from './files';
import { FormDriver } from './form-driver';

const MAX_TABS = 150;

/**
 * Fills the claim pages with the keyboard alone: every control is reached with Tab (so the
 * tab order is part of what is tested) and operated with the keys a keyboard user has.
 */
export class KeyboardDriver extends FormDriver {
  /** Whether the control has the keyboard focus. */
  hasFocus(target: Locator): Promise<boolean> {
    return target.evaluate((element) => element === document.activeElement);
  }

  /** Presses Tab until the control has the focus; fails when Tab never reaches it. */
  async tabTo(target: Locator): Promise<void> {
    for (let presses = 0; presses < MAX_TABS; presses += 1) {
      if (await this.hasFocus(target)) return;
      await this.page.keyboard.press('Tab');
    }
    throw new Error(`Tab did not reach ${String(target)} within ${MAX_TABS} presses`);
  }

  override async type(labelKey: string, value: string): Promise<void> {
    await this.tabTo(this.field(labelKey));
    await this.page.keyboard.press('ControlOrMeta+a');
    await this.page.keyboard.press('Delete');
    if (value !== '') await this.page.keyboard.type(value);
  }

  override async select(labelKey: string, optionKey: string): Promise<void> {
    const select = this.field(labelKey);
    const wanted = this.t(optionKey);
    await this.tabTo(select);
    for (let step = 0; step < 300; step += 1) {
      const chosen = await select.evaluate((element) => {
        const list = element as HTMLSelectElement;
        return list.selectedOptions[0]?.textContent?.trim() ?? '';
      });
      if (chosen === wanted) return;
      await this.page.keyboard.press('ArrowDown');
    }
    throw new Error(`ArrowDown never selected "${wanted}" in ${labelKey}`);
  }

  override async choose(groupKey: string, optionKey: string): Promise<void> {
    const group = this.radioGroup(groupKey);
    const target = group.getByRole('radio', { name: this.t(optionKey), exact: true });
    await this.tabTo(group.getByRole('radio').first());
    await this.page.keyboard.press('Space');
    for (let step = 0; step < 10 && !(await target.isChecked()); step += 1) {
      await this.page.keyboard.press('ArrowDown');
    }
    if (!(await target.isChecked())) throw new Error(`the arrow keys never chose ${optionKey}`);
  }

  override async check(labelKey: string): Promise<void> {
    const box = this.page.getByRole('checkbox', { name: this.t(labelKey), exact: true });
    await this.tabTo(box);
    await this.page.keyboard.press('Space');
    if (!(await box.isChecked())) throw new Error(`Space did not check ${labelKey}`);
  }

  /** Opens the file chooser from the keyboard; the operating system's dialog is out of reach. */
  override async attach(labelKey: string, file: UploadFile): Promise<void> {
    // Waiting for the chooser turns on Chromium's interception of file dialogs, which takes a
    // round trip of its own: started before the Tab presses, it is surely on by the Space.
    const chooser = this.page.waitForEvent('filechooser');
    chooser.catch(() => undefined);
    await this.tabTo(this.field(labelKey));
    await this.page.keyboard.press('Space');
    await (await chooser).setFiles(file);
  }

  /**
   * Opens the calendar of a date field from the keyboard, moves through its days with the given
   * keys from the day it opens on, picks that day with Enter, and checks that the calendar
   * closed and gave the focus back to the date's input.
   */
  async pickDate(labelKey: string, moves: readonly string[]): Promise<void> {
    const open = this.page.getByRole('button', {
      name: `${this.t('LocKey_Forms_ChooseDate')}, ${this.t(labelKey)}`,
      exact: true,
    });
    await this.tabTo(open);
    await this.page.keyboard.press('Enter');
    const calendar = this.page.getByRole('dialog', {
      name: `${this.t('LocKey_Forms_ChooseDate')}, ${this.t(labelKey)}`,
    });
    await calendar.waitFor();
    for (const key of moves) await this.page.keyboard.press(key);
    await this.page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'detached' });
    if (!(await this.hasFocus(this.field(labelKey)))) {
      throw new Error(`picking a day did not give the focus back to ${labelKey}`);
    }
  }

  async pressButton(labelKey: string): Promise<void> {
    await this.tabTo(this.button(labelKey));
    await this.page.keyboard.press('Enter');
  }

  override async advance(buttonKey: string, nextTitleKey: string): Promise<void> {
    await this.pressButton(buttonKey);
    await this.expectPage(nextTitleKey);
  }
}
