import {
  documentPath,
  documentPreviewKind,
  type ClaimDocument,
} from '@claims/core/admin/admin-api';
import { useState } from 'react';
import { formatInstant, formatSize } from '../../lib/format';
import { SCAN_STATE_LABELS } from '../../lib/labels';

/**
 * A claim's documents. A role that may read them can show a clean PDF in a sandboxed frame
 * (no scripts, no forms, no navigation of the console) or an image inline, and download any
 * clean document; a document not scanned clean can be neither.
 */
export function DocumentList({
  claimId,
  documents,
  canRead,
  timeZone,
}: {
  claimId: string;
  documents: readonly ClaimDocument[];
  canRead: boolean;
  timeZone: string;
}) {
  const [shown, setShown] = useState<string | null>(null);
  if (documents.length === 0) return <p>No documents were sent with this claim.</p>;
  const shownDocument = documents.find((document) => document.id === shown) ?? null;
  return (
    <>
      {canRead ? null : <p>Your role can see which documents were sent, but not open them.</p>}
      <div className="table-responsive">
        <table className="table align-middle">
          <caption className="visually-hidden">Documents of this claim</caption>
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">For</th>
              <th scope="col">Type and size</th>
              <th scope="col">Uploaded</th>
              <th scope="col">Virus scan</th>
              <th scope="col">SHA-256</th>
              {canRead ? <th scope="col">Open</th> : null}
            </tr>
          </thead>
          <tbody>
            {documents.map((document) => {
              const clean = document.scanState === 'clean';
              const preview = documentPreviewKind(document.contentType);
              return (
                <tr key={document.id}>
                  <th scope="row" className="text-break">
                    {document.name}
                  </th>
                  <td>{document.context ?? '—'}</td>
                  <td>
                    {document.contentType}, {formatSize(document.size)}
                  </td>
                  <td>{formatInstant(document.uploadedAt, timeZone)}</td>
                  <td>{SCAN_STATE_LABELS[document.scanState]}</td>
                  <td>
                    <code className="text-break small">{document.sha256}</code>
                  </td>
                  {canRead ? (
                    <td>
                      {clean ? (
                        <div className="d-flex flex-wrap gap-2">
                          {preview === null ? null : (
                            <button
                              type="button"
                              className="btn btn-outline-primary btn-sm"
                              aria-expanded={shown === document.id}
                              aria-controls="document-preview"
                              onClick={() => setShown(shown === document.id ? null : document.id)}
                            >
                              {shown === document.id ? 'Hide' : 'View'}{' '}
                              <span className="visually-hidden">{document.name}</span>
                            </button>
                          )}
                          <a
                            className="btn btn-outline-secondary btn-sm"
                            href={documentPath(claimId, document.id, 'attachment')}
                            download={document.name}
                          >
                            Download <span className="visually-hidden">{document.name}</span>
                          </a>
                        </div>
                      ) : (
                        'Not available'
                      )}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div id="document-preview">
        {shownDocument === null ? null : (
          <DocumentPreview claimId={claimId} document={shownDocument} />
        )}
      </div>
    </>
  );
}

function DocumentPreview({ claimId, document }: { claimId: string; document: ClaimDocument }) {
  const source = documentPath(claimId, document.id, 'inline');
  const kind = documentPreviewKind(document.contentType);
  return (
    <figure className="border rounded p-2">
      {kind === 'pdf' ? (
        <iframe
          title={`Document ${document.name}`}
          src={source}
          sandbox=""
          referrerPolicy="no-referrer"
          className="w-100"
          style={{ height: '75vh' }}
        />
      ) : (
        <img
          src={source}
          alt={`Document ${document.name}`}
          referrerPolicy="no-referrer"
          className="img-fluid"
        />
      )}
      <figcaption className="small mt-2">{document.name}</figcaption>
    </figure>
  );
}
