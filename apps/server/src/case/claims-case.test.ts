import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyDemoCase } from '../test/test-app';
import { ClaimsCase } from './claims-case';
import { loadCase } from './load-case';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(
    folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })),
  );
});

describe('ClaimsCase', () => {
  it('sends the browser every culture’s copy sanitised once, and keeps the copy as written for the server’s own texts', async () => {
    const folder = await copyDemoCase();
    folders.push(folder);
    const file = path.join(folder, 'content', 'es.json');
    const content = JSON.parse(await readFile(file, 'utf8'));
    const written = 'Plazo <img src="x" onerror="alert(1)"><b>vencido</b>';
    content.LocKey_Deadline_Title = written;
    await writeFile(file, JSON.stringify(content));
    const claimsCase = new ClaimsCase(await loadCase(folder));
    expect(claimsCase.browserContent.es?.LocKey_Deadline_Title).toBe('Plazo <b>vencido</b>');
    expect(claimsCase.text('es', 'LocKey_Deadline_Title')).toBe(written);
  });
});
