import type { Selectable } from 'kysely';
import type { Database } from '../../../db/database';
import type { UploadsTable } from '../../../db/schema';
import { scoped } from '../../../db/scoped';

export type Upload = Selectable<UploadsTable>;
export type NewUpload = Omit<Upload, 'tenantId'>;

/** Where an upload is served (`GET /v2/upload/file/{id}`). */
export const uploadUrl = (id: string) => `/v2/upload/file/${id}`;

/** Rows of uploaded files (the bytes live on disk, see UploadFiles). */
export function uploadsRepository(db: Database) {
  return {
    async create(tenantId: string, row: NewUpload): Promise<void> {
      await scoped(db, tenantId).insertInto('uploads', row).execute();
    },

    /**
     * An upload by its id alone, for the public file route (share pages show icons and visitors their
     * attachments without a tenant): ids are random uuids, so knowing one is the permission to read it.
     */
    async findById(id: string): Promise<Upload | undefined> {
      return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
