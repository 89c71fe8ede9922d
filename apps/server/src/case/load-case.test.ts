import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyDemoCase, DEMO_CASE_DIR } from '../test/test-app';
import { CaseLoadError, loadCase } from './load-case';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(
    folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })),
  );
});

async function editedCase(edit: (definition: Record<string, unknown>) => void): Promise<string> {
  const folder = await copyDemoCase(edit);
  folders.push(folder);
  return folder;
}

describe('loadCase', () => {
  it('loads the demo case with the content of both cultures', async () => {
    const loaded = await loadCase(DEMO_CASE_DIR);
    expect(Object.keys(loaded.definition.content)).toEqual(['en', 'es']);
    expect(loaded.definition.captcha.provider).toBe('Altcha');
  });

  it('stops on an unknown theme, naming the path and the allowed themes', async () => {
    const folder = await editedCase((definition) => {
      definition.theme = 'dark-mode';
    });
    await expect(loadCase(folder)).rejects.toThrow(
      /case\.yaml: invalid case definition \(1 problem\):\ncase\.theme: unexpected theme "dark-mode"; expected one of jnd-7-0-default, ftc-7-0-default, jnd-9-0-kontent/,
    );
  });

  it('stops on an unknown rule type, naming the field it is on', async () => {
    const folder = await editedCase((definition) => {
      const forms = definition.forms as Record<string, { fields: { validations: unknown[] }[] }[]>;
      forms.Standard![0]!.fields[0]!.validations.push({ type: 'mustBeNice' });
    });
    await expect(loadCase(folder)).rejects.toThrow(
      /case\.forms\.Standard\[0\]\.fields\[0\]\.validations\[\d\]\.type: unknown rule type "mustBeNice"; expected one of required, /,
    );
  });

  it('stops on a deadline in an invalid format', async () => {
    const folder = await editedCase((definition) => {
      (definition.deadlines as Record<string, { deadline: string }>).claimFilingDeadline!.deadline =
        '2028-06-30';
    });
    await expect(loadCase(folder)).rejects.toThrow(
      /case\.deadlines\.claimFilingDeadline\.deadline: Invalid deadline format "2028-06-30"/,
    );
  });

  it('stops on copy with paragraph tags, naming the culture and key', async () => {
    const folder = await editedCase(() => {});
    const file = path.join(folder, 'content', 'es.json');
    const content = JSON.parse(await readFile(file, 'utf8'));
    content.LocKey_Deadline_Title = '<p>Plazo vencido</p>';
    await writeFile(file, JSON.stringify(content));
    await expect(loadCase(folder)).rejects.toThrow(
      /case\.content\.es\.LocKey_Deadline_Title: Invalid localization/,
    );
  });

  it('stops when the content of an enabled culture is missing', async () => {
    const folder = await editedCase(() => {});
    await rm(path.join(folder, 'content', 'es.json'));
    await expect(loadCase(folder)).rejects.toThrow(
      new CaseLoadError(
        `${path.join(folder, 'content', 'es.json')}: the content of culture "es" is missing`,
      ),
    );
  });

  it('stops on a case file that is not YAML', async () => {
    const folder = await editedCase(() => {});
    await writeFile(path.join(folder, 'case.yaml'), 'theme: [unclosed\n');
    await expect(loadCase(folder)).rejects.toThrow(/case\.yaml: not valid YAML/);
  });

  it('stops on content written in case.yaml', async () => {
    const folder = await editedCase((definition) => {
      definition.content = { en: {} };
    });
    await expect(loadCase(folder)).rejects.toThrow(/content belongs in content\/<culture>\.json/);
  });
});
