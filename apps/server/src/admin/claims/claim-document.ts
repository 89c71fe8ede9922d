import type { DocumentDisposition } from '@claims/core/admin/admin-api';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { notFound } from '../../http-error';
import type { SignedInAdmin } from '../admin-request';
import { writeAuditEvent } from '../audit-log';
import { findClaim } from './claim-detail';

/**
 * One of a claim's documents, for the console to show or download: its bytes streamed from
 * the document store, never buffered, with headers that keep a browser from running anything
 * in it, and an audit row written before the first byte.
 */

export interface OpenedDocument {
  stream: Readable;
  headers: Record<string, string>;
}

const NO_SUCH_DOCUMENT = 'This claim has no such document.';

/** A file name as a quoted-string of plain ASCII: anything else becomes "_". */
function asciiFileName(name: string): string {
  const ascii = name.normalize('NFKD').replace(/\p{M}/gu, '');
  return ascii.replace(/[^\x20-\x7e]|["\\%]/g, '_');
}

/**
 * Content-Disposition with the claimant's file name (RFC 6266): an ASCII fallback, and the
 * name itself in UTF-8 percent-encoding (RFC 8187) for browsers that read it.
 */
export function contentDisposition(disposition: DocumentDisposition, name: string): string {
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${asciiFileName(name)}"; filename*=UTF-8''${encoded}`;
}

export async function openClaimDocument(
  app: FastifyInstance,
  admin: SignedInAdmin,
  ipAddress: string | null,
  target: { claimId: string; documentId: string; disposition: DocumentDisposition },
): Promise<OpenedDocument> {
  const claim = await findClaim(app.db, target.claimId);
  const document = await app.db
    .selectFrom('documents')
    .innerJoin('claims', 'claims.id', 'documents.claim_id')
    .select([
      'documents.id',
      'documents.storage_key',
      'documents.original_name',
      'documents.content_type',
      'documents.size',
    ])
    .where('documents.id', '=', target.documentId)
    .where((eb) =>
      eb.or([eb('claims.id', '=', claim.id), eb('claims.parent_claim_id', '=', claim.id)]),
    )
    .executeTakeFirst();
  if (document === undefined) throw notFound(NO_SUCH_DOCUMENT);
  const stream = await app.documents.openRead(document.storage_key);
  try {
    await writeAuditEvent(
      app.db,
      {
        action: target.disposition === 'inline' ? 'document_viewed' : 'document_downloaded',
        actorEmail: admin.email,
        actorRole: admin.role,
        claimReference: claim.reference_code,
        documentId: document.id,
        ipAddress,
        details: document.original_name,
      },
      app.now(),
    );
  } catch (error) {
    stream.destroy();
    throw error;
  }
  return {
    stream,
    headers: {
      'content-type': document.content_type,
      'content-length': String(document.size),
      'content-disposition': contentDisposition(target.disposition, document.original_name),
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
      'cache-control': 'private, no-store',
    },
  };
}
