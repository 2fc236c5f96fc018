import { type AttachmentCosts } from '@parley/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatFileSize, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { addFiles, imageAccept, type FileRules } from '../utils/file-validation';
import { messageCost } from '../utils/message-cost';

interface Props {
  open: boolean;
  files: File[];
  errors: string[];
  rules: FileRules;
  costs: AttachmentCosts | null;
  caption: string;
  onChange: (files: File[], errors: string[]) => void;
  onSend: () => void;
  onClose: () => void;
}

/** Send files (spec §5): up to 5 files of 5 MB; the image picker takes PNG, JPEG, GIF and WebP only. */
export function SendFilesModal({ open, files, errors, rules, costs, caption, onChange, onSend, onClose }: Props) {
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  const previews = useObjectUrls(files);
  const cost = messageCost(caption, files, costs);

  const pickMore = (picked: FileList | null) => {
    if (!picked) return;
    const result = addFiles(files, [...picked], rules, t);
    onChange(result.accepted, result.errors);
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={rules.imagesOnly ? t('chatUi.sendImages') : t('chatUi.sendFiles')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={onSend} disabled={files.length === 0}>
            {cost > 0 ? t('chatUi.sendWithCost', { cost: formatNumber(cost) }) : t('chatUi.send')}
          </Button>
        </>
      }
    >
      <div className="send-files">
        {errors.length > 0 && (
          <ul className="send-files__errors" role="alert">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        )}
        {files.length === 0 ? (
          <p className="muted">{t('chatUi.noFiles')}</p>
        ) : (
          <ul className="send-files__list">
            {files.map((file, index) => (
              <li key={`${file.name}-${index}`} className="send-files__item">
                {previews[index] && file.type.startsWith('image/') ? (
                  <img className="send-files__thumb" src={previews[index]} alt="" />
                ) : (
                  <span className="send-files__thumb send-files__thumb--doc" aria-hidden="true">
                    <svg viewBox="0 0 24 24" width="22" height="22">
                      <path
                        d="M6 2.5h8l5 5V20a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 5 20V4a1.5 1.5 0 0 1 1-1.5z M14 2.5V8h5"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.6"
                        strokeLinejoin="round"
                      />
                    </svg>
                  </span>
                )}
                <span className="send-files__name">{file.name}</span>
                <span className="send-files__size">{formatFileSize(file.size)}</span>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('chatUi.remove', { name: file.name })}
                  onClick={() =>
                    onChange(
                      files.filter((_, i) => i !== index),
                      [],
                    )
                  }
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className="send-files__hint muted">
          {t('chatUi.filesHint', { count: files.length, max: rules.maxFiles, size: formatFileSize(rules.maxFileBytes) })}
        </p>
        {files.length < rules.maxFiles && (
          <>
            <input
              ref={inputRef}
              type="file"
              multiple
              hidden
              accept={rules.imagesOnly ? imageAccept : undefined}
              onChange={(event) => {
                pickMore(event.target.files);
                event.target.value = '';
              }}
              data-testid="send-files-more"
            />
            <Button variant="ghost" size="sm" onClick={() => inputRef.current?.click()}>
              + {t('chatUi.addMore')}
            </Button>
          </>
        )}
      </div>
    </Modal>
  );
}

function useObjectUrls(files: File[]): (string | null)[] {
  const urls = useMemo(
    () => files.map((f) => (f.type.startsWith('image/') && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(f) : null)),
    [files],
  );
  useEffect(() => () => urls.forEach((u) => u && URL.revokeObjectURL(u)), [urls]);
  return urls;
}
