import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  GetUpload,
  ICON_LIMITS,
  IdSchema,
  UPLOAD_LIMITS,
  UploadAttachment,
  UploadRobotIcon,
  type Attachment,
} from '@flotilla/shared/contracts';
import { invalidInput, notFound } from '../../lib/app-error';
import { isoNow } from '../../lib/clock';
import { RateWindow } from '../../lib/rate-window';
import { contentDisposition, safeFileName, sniffContentType } from '../../lib/upload-content';
import { fileMissing, readMultipart, validFields, type MultipartBody } from '../../plugins/app/uploads/multipart';
import { UploadFiles } from '../../plugins/app/uploads/upload-files';
import { uploadUrl, type Upload } from '../../plugins/app/uploads/uploads-repository';
import { CROSS_ORIGIN_FILE_HEADERS } from '../../plugins/external/security-headers';
import { OPERATORS, PUBLIC } from '../access';
import { checkVisitorRate, resolveChatter } from '../chat/chat-access';
import { route } from '../endpoint-route';

const tags = ['uploads'];

/** The text fields of `POST /v2/upload/file`: a visitor names the share and themselves, staff the robot. */
const UploadFieldsSchema = Type.Object({
  shareId: Type.Optional(IdSchema),
  visitorId: Type.Optional(IdSchema),
  processId: Type.Optional(IdSchema),
});
const ICON_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/**
 * Chat attachments and robot icons: stored under `<dataDir>/files/uploads/<tenantId>/<id>` with a row in
 * `uploads`, and served back by id. Sizes and types are checked on the bytes (the client's name and
 * content type are not trusted); both failures are 422 `{ detail: [{ loc: ['body', 'file'], msg, type }] }`
 * with the code (UPLOAD_TOO_LARGE, UNSUPPORTED_FILE_TYPE) as `type`, like any other bad input.
 */
const uploadsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { uploads } = fastify.repos;
  const files = new UploadFiles(fastify.config.dataDir);
  // Visitors' uploads count against their share's per-minute limit, apart from questions.
  const visitorUploads = new RateWindow();
  /** The checked file of a multipart body, typed by its content: 422 when absent, too large or not allowed. */
  async function checkedFile(upload: MultipartBody, maxBytes: number, allowed: readonly string[]) {
    const file = upload.file;
    if (!file) throw fileMissing();
    if (file.truncated || file.bytes.length > maxBytes) throw invalidInput(['body', 'file'], 'UPLOAD_TOO_LARGE');
    const name = safeFileName(file.name, 'upload');
    const contentType = await sniffContentType(file.bytes, name, allowed);
    if (!contentType) throw invalidInput(['body', 'file'], 'UNSUPPORTED_FILE_TYPE');
    return { bytes: file.bytes, contentType, name };
  }

  /** Writes the file, then its row; a failed insert takes the file away again. */
  async function store(
    tenantId: string,
    row: Omit<Upload, 'tenantId' | 'storageKey' | 'createdAt' | 'size'>,
    bytes: Buffer,
  ): Promise<Upload> {
    const storageKey = UploadFiles.keyOf(tenantId, row.id);
    await files.write(storageKey, bytes);
    const full = { ...row, storageKey, size: bytes.length, createdAt: isoNow() };
    try {
      await uploads.create(tenantId, full);
    } catch (error) {
      await files.remove(storageKey);
      throw error;
    }
    return { ...full, tenantId };
  }

  route(fastify, UploadAttachment, {
    config: { auth: PUBLIC },
    tags,
    summary:
      'Upload a chat attachment (multipart): `file`, plus `shareId` and `visitorId` for a visitor, or `processId` with a token for staff',
    description:
      `At most ${UPLOAD_LIMITS.maxBytes} bytes; images (${UPLOAD_LIMITS.imageTypes.join(', ')}) and files (${UPLOAD_LIMITS.fileTypes.join(', ')}), ` +
      'recognised by their content (text types: by the name, when the bytes are UTF-8 text). 422 with type UPLOAD_TOO_LARGE or UNSUPPORTED_FILE_TYPE otherwise.',
    handler: async (request): Promise<Attachment> => {
      const upload = await readMultipart(request, UPLOAD_LIMITS.maxBytes);
      const { shareId, visitorId, processId } = validFields(request, UploadFieldsSchema, upload.fields);
      const access = await resolveChatter(
        fastify,
        request,
        { shareId, processId },
        shareId !== undefined ? visitorId : undefined,
      );
      checkVisitorRate(visitorUploads, request, access);
      const allowed = [...UPLOAD_LIMITS.imageTypes, ...UPLOAD_LIMITS.fileTypes];
      const file = await checkedFile(upload, UPLOAD_LIMITS.maxBytes, allowed);
      const kind = (UPLOAD_LIMITS.imageTypes as readonly string[]).includes(file.contentType) ? 'image' : 'file';
      const saved = await store(
        access.tenantId,
        { id: randomUUID(), ownerId: access.userId, kind, name: file.name, contentType: file.contentType },
        file.bytes,
      );
      return {
        id: saved.id,
        name: saved.name,
        url: uploadUrl(saved.id),
        size: saved.size,
        contentType: saved.contentType,
      };
    },
  });

  route(fastify, UploadRobotIcon, {
    config: { auth: OPERATORS },
    tags: ['robots'],
    summary: `Upload a robot icon (multipart \`file\`): png, jpeg, webp or gif by content, at most ${ICON_LIMITS.maxBytes} bytes; answers the URL to set as the robot's icon`,
    handler: async (request) => {
      const upload = await readMultipart(request, ICON_LIMITS.maxBytes);
      const file = await checkedFile(upload, ICON_LIMITS.maxBytes, ICON_TYPES);
      const { tenantId, userId } = request.auth;
      const saved = await store(
        tenantId,
        { id: randomUUID(), ownerId: userId, kind: 'icon', name: file.name, contentType: file.contentType },
        file.bytes,
      );
      return { url: uploadUrl(saved.id) };
    },
  });

  route(fastify, GetUpload, {
    config: { auth: PUBLIC, securityHeaders: CROSS_ORIGIN_FILE_HEADERS },
    tags,
    summary:
      'An uploaded file by id (public: ids are random; share pages show icons and attachments without login). Images inline, anything else as a download',
    // The file's own type: the one the upload's bytes were recognised as.
    file: { type: '*/*', description: 'The file' },
    handler: async (request, reply) => {
      const upload = await uploads.findById(request.params.id);
      const file = upload && (await files.read(upload.storageKey));
      if (!upload || !file) throw notFound();
      const image = upload.contentType.startsWith('image/');
      return (
        reply
          .type(upload.contentType.startsWith('text/') ? `${upload.contentType}; charset=utf-8` : upload.contentType)
          .header('content-length', file.size)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', contentDisposition(image ? 'inline' : 'attachment', upload.name))
          // Even opened directly, the file runs nothing and loads nothing.
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header(
            'cache-control',
            upload.kind === 'icon' ? 'public, max-age=31536000, immutable' : 'private, max-age=86400',
          )
          .send(file.stream)
      );
    },
  });
};

export default uploadsRoutes;
