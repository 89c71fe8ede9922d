import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ClaimsCase } from '../src/case/claims-case';
import { loadCase } from '../src/case/load-case';
import { copyDemoCase } from '../src/test/test-app';

/** The copy of a "Receipt" e-mail in both demo cultures, with markup to be escaped. */
export const RECEIPT_COPY = {
  en: {
    LocKey_Email_Receipt_Subject: 'Claim {referenceCode} received',
    LocKey_Email_Receipt_Body:
      'Dear {firstName},\n\nWe received claim {referenceCode}.\nKeep this code <safe> & at hand.\n\nThe Settlement Administrator',
  },
  es: {
    LocKey_Email_Receipt_Subject: 'Reclamación {referenceCode} recibida',
    LocKey_Email_Receipt_Body:
      'Estimado/a {firstName}:\n\nHemos recibido la reclamación {referenceCode}.\nGuarde este código <seguro> & a mano.\n\nEl Administrador del Acuerdo',
  },
} as const;

/** A copy of the demo case whose content has the Receipt e-mail, loaded. */
export async function caseWithReceiptCopy(): Promise<{
  claimsCase: ClaimsCase;
  close(): Promise<void>;
}> {
  const caseDir = await copyDemoCase();
  for (const [culture, copy] of Object.entries(RECEIPT_COPY)) {
    const file = path.join(caseDir, 'content', `${culture}.json`);
    const content = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
    await writeFile(file, JSON.stringify({ ...content, ...copy }, null, 2));
  }
  return {
    claimsCase: new ClaimsCase(await loadCase(caseDir)),
    close: () => rm(caseDir, { recursive: true, force: true }),
  };
}
