import { FLOW_FILE_TYPE, FLOW_TASK_CODES } from '@srm/contracts';
import { registerAttachmentType } from '../file/index';
import { flowFileOf } from './file-service';
import { visibleTask } from './task-query';

/**
 * `GET /api/file/Download/flowTask/{id}`: a task attachment, to those who may see its task (the
 * launcher, anyone with a to-do, done item or copy on it, their current delegates, the monitor);
 * an upload on no task yet to its uploader alone. Anything else — another tenant's, a stranger —
 * is a 404 like an unknown id. Served with the type its content was checked as; the download
 * route makes anything but a PDF, an image or plain text an attachment, never a page.
 */
registerAttachmentType({
  type: FLOW_FILE_TYPE,
  async resolve(ctx, id) {
    const file = await flowFileOf(ctx.db, ctx.tenantId, id);
    if (!file) return null;
    const allowed =
      file.task_id === null
        ? String(file.uploaded_by) === ctx.userId
        : (await visibleTask(
            {
              db: ctx.db,
              tenantId: ctx.tenantId,
              userId: ctx.userId,
              now: new Date(),
              canMonitor: () => ctx.hasPerm(FLOW_TASK_CODES.flowMonitor),
            },
            String(file.task_id),
          )) !== null;
    return allowed
      ? { key: file.storage_key, fileName: file.file_name, contentType: file.content_type }
      : null;
  },
});
