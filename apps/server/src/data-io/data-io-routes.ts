import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  DATA_IO_ENDPOINTS,
  dataJobSchema,
  dataJobsResponseSchema,
  startExportRequestSchema,
  startImportQuerySchema,
  type DataJobKind,
} from '@claims/core/admin/data-io-api';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAdminAccess, type SignedInAdmin } from '../admin/admin-request';
import { writeAuditEvent } from '../admin/audit-log';
import { checkBoundary } from '../http/multipart-errors';
import { badRequest, HttpError, notFound } from '../http-error';
import type { ZodPlugin } from '../zod-type-provider';
import type { DataJobAuthor } from './data-io-context';
import { dataFileName, DataFileNotFoundError, type DataFileStore } from './data-file-store';
import { startExport, startImport } from './data-io-service';
import { findDataJob, listDataJobs, toDataJob } from './data-jobs';

/**
 * The admin API of imports and exports (DATA_IO_ENDPOINTS): start an import (the CSV as a
 * multipart file part, streamed into the data files, data-file-store.ts, so that any instance
 * runs the job), start an export, follow the jobs, and download a job's report or export from
 * the data files, whichever instance ran it. Starting and downloading are audited.
 */

/** The largest list accepted: a class list of several million members. */
const MAX_UPLOAD_BYTES = 4 * 1024 * 1024 * 1024;

const FILE_TYPES: Readonly<Record<DataJobKind, { type: string; extension: string }>> = {
  'class-list': { type: 'text/csv; charset=utf-8', extension: 'csv' },
  'vehicle-list': { type: 'text/csv; charset=utf-8', extension: 'csv' },
  'payout-results': { type: 'text/csv; charset=utf-8', extension: 'csv' },
  'claims-csv': { type: 'text/csv; charset=utf-8', extension: 'csv' },
  'claims-jsonl': { type: 'application/x-ndjson; charset=utf-8', extension: 'jsonl' },
  'documents-zip': { type: 'application/zip', extension: 'zip' },
};

const jobParamsSchema = z.object({ jobId: z.string().min(1).max(100) });

function authorOf(request: FastifyRequest): DataJobAuthor {
  const admin = request.admin as SignedInAdmin;
  return { email: admin.email, role: 'supervisor', ipAddress: request.ip };
}

/** Streams the request's one file part into `files` as `name`; its name as the browser gave it. */
async function receiveUpload(
  request: FastifyRequest,
  files: DataFileStore,
  name: string,
): Promise<string> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'expected a multipart/form-data body with the CSV as a file part');
  }
  const boundaryProblem = checkBoundary(request.headers['content-type'] ?? '');
  if (boundaryProblem !== undefined) throw badRequest(boundaryProblem);
  const part = await request.file();
  if (part === undefined) throw badRequest('the body has no file part; send the CSV as one');
  try {
    await files.write(name, part.file);
  } catch (error) {
    await files.remove(name).catch(() => undefined);
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `the file is larger than the ${MAX_UPLOAD_BYTES} bytes allowed`);
    }
    throw error;
  }
  if (part.file.truncated) {
    await files.remove(name);
    throw new HttpError(413, `the file is larger than the ${MAX_UPLOAD_BYTES} bytes allowed`);
  }
  return part.filename;
}

const dataIoRoutes: ZodPlugin = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
    throwFileSizeLimit: true,
  });
  const { context, enqueue } = app.dataIo;

  app.get(
    DATA_IO_ENDPOINTS.dataJobs.path,
    {
      preHandler: requireAdminAccess(DATA_IO_ENDPOINTS.dataJobs.access),
      schema: { response: { 200: dataJobsResponseSchema } },
    },
    async () => ({ items: (await listDataJobs(app.db)).map(toDataJob) }),
  );

  app.get(
    DATA_IO_ENDPOINTS.dataJob.path,
    {
      preHandler: requireAdminAccess(DATA_IO_ENDPOINTS.dataJob.access),
      schema: { params: jobParamsSchema, response: { 200: dataJobSchema } },
    },
    async (request) => {
      const job = await findDataJob(app.db, request.params.jobId);
      if (job === undefined) throw notFound('There is no such import or export.');
      return toDataJob(job);
    },
  );

  app.get(
    DATA_IO_ENDPOINTS.dataJobFile.path,
    {
      preHandler: requireAdminAccess(DATA_IO_ENDPOINTS.dataJobFile.access),
      schema: { params: jobParamsSchema },
    },
    async (request, reply) => {
      const job = await findDataJob(app.db, request.params.jobId);
      if (job === undefined) throw notFound('There is no such import or export.');
      if (job.state !== 'done' || job.output_file === null) {
        throw new HttpError(409, `This ${job.kind} job has no file yet: it is ${job.state}.`);
      }
      const { type, extension } = FILE_TYPES[job.kind as DataJobKind];
      const name = `${job.kind}-${job.id}${job.kind.endsWith('list') || job.kind === 'payout-results' ? '-report' : ''}.${extension}`;
      let content: Readable;
      try {
        content = await context.files.openRead(dataFileName(job.output_file));
      } catch (error) {
        if (!(error instanceof DataFileNotFoundError)) throw error;
        throw notFound(`The file of this ${job.kind} job is no longer kept.`);
      }
      const author = authorOf(request);
      await writeAuditEvent(
        app.db,
        {
          action: 'data_file_downloaded',
          actorEmail: author.email,
          actorRole: author.role,
          ipAddress: author.ipAddress,
          details: `${name}`,
        },
        app.now(),
      ).catch((error: unknown) => {
        content.destroy();
        throw error;
      });
      return reply
        .header('content-type', type)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .send(content);
    },
  );

  app.post(
    DATA_IO_ENDPOINTS.startImport.path,
    {
      preHandler: requireAdminAccess(DATA_IO_ENDPOINTS.startImport.access),
      schema: { querystring: startImportQuerySchema, response: { 200: dataJobSchema } },
    },
    async (request) => {
      const upload = `${randomUUID()}-upload.csv`;
      const fileName = await receiveUpload(request, context.files, upload);
      try {
        const job = await startImport(context, enqueue, authorOf(request), {
          ...request.query,
          upload,
          fileName,
        });
        return toDataJob(job);
      } catch (error) {
        await context.files.remove(upload).catch(() => undefined);
        throw error;
      }
    },
  );

  app.post(
    DATA_IO_ENDPOINTS.startExport.path,
    {
      preHandler: requireAdminAccess(DATA_IO_ENDPOINTS.startExport.access),
      schema: { body: startExportRequestSchema, response: { 200: dataJobSchema } },
    },
    async (request) => {
      const job = await startExport(context, enqueue, authorOf(request), request.body);
      return toDataJob(job);
    },
  );
};

export default dataIoRoutes;
