import type { Attachment } from '@flotilla/shared';
import { FileIcon } from '../../../ui/icons/file-icon';
import { safeUrl } from '../../chat/lib/safe-url';

export function AttachmentsOf({ images, files }: { images: Attachment[]; files: Attachment[] }) {
  if (images.length === 0 && files.length === 0) return null;
  return (
    <div className="flc-sent-files">
      {images.map((image) => {
        const src = safeUrl(image.url);
        return src ? (
          <a key={image.id} className="flc-sent-image" href={src} target="_blank" rel="noopener noreferrer">
            <img src={src} alt={image.name} loading="lazy" />
          </a>
        ) : null;
      })}
      {files.map((file) => {
        const href = safeUrl(file.url);
        const content = (
          <>
            <FileIcon size={16} />
            <span className="flc-file-chip__name">{file.name}</span>
          </>
        );
        return href ? (
          <a key={file.id} className="flc-file-chip" href={href} target="_blank" rel="noopener noreferrer">
            {content}
          </a>
        ) : (
          <span key={file.id} className="flc-file-chip">
            {content}
          </span>
        );
      })}
    </div>
  );
}
