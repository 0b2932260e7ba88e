import { useEffect, useId, useRef, useState } from 'react';
import { Button, CloseButton, FileButton, Input, Progress, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UploadFolder } from '@rides/contract';
import { errorCode } from '../../lib/api';
import { messageKey } from '../../lib/i18n';
import { uploadImage } from '../../lib/upload/upload-image';
import classes from './ImageUpload.module.css';

interface ImageUploadProps {
  /** The stored image's address, or null for none. */
  value: string | null;
  onChange(url: string | null): void;
  folder: UploadFolder;
  /** The trip the image is for (needed by the accommodation folder). */
  rideId?: number;
  label: string;
  /** Marks the field as required beside its label. */
  required?: boolean;
  disabled?: boolean;
  /** Called when an upload starts and ends (a form may hold its save meanwhile). */
  onBusyChange?(busy: boolean): void;
}

/**
 * The one image field of the product (000 §2 accommodation and 001 §2 attraction forms): pick an image, watch it upload
 * in percent (0 to 100), see it, remove it (the value becomes null). The server checks, shrinks and stores it
 * (upload_image_api, decision 0018); a refusal is shown in words under the field and the earlier value is kept.
 */
export function ImageUpload({ value, onChange, folder, rideId, label, required, disabled, onBusyChange }: ImageUploadProps) {
  const { t } = useTranslation();
  const id = useId();
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const resetFile = useRef<() => void>(null);

  // Leaving the form cancels an upload in flight.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setError(null);
    setPercent(0);
    onBusyChange?.(true);
    try {
      const stored = await uploadImage({ file, folder, rideId, onProgress: setPercent, signal: abort.signal });
      onChange(stored.url);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      setError(errorCode(err));
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setPercent(null);
        onBusyChange?.(false);
      }
    }
  };

  const uploading = percent !== null;
  return (
    <Input.Wrapper
      id={id}
      label={label}
      required={required}
      description={t('imageUpload.hint')}
      error={error ? t(messageKey(error)) : undefined}
      classNames={{ root: classes.root }}
    >
      <div className={classes.body}>
        {value && !uploading && (
          <div className={classes.preview}>
            <img src={value} alt={t('imageUpload.preview')} className={classes.image} />
            <CloseButton
              className={classes.remove}
              aria-label={t('imageUpload.remove')}
              title={t('imageUpload.remove')}
              disabled={disabled}
              onClick={() => {
                setError(null);
                onChange(null);
              }}
            />
          </div>
        )}
        {uploading ? (
          <div className={classes.progress}>
            <Progress value={percent} aria-label={t('imageUpload.progressLabel')} size="lg" animated />
            <Text size="sm" aria-live="polite" data-testid="upload-percent">
              {t('imageUpload.uploading', { percent })}
            </Text>
          </div>
        ) : (
          <FileButton onChange={(file) => void start(file)} accept="image/*" resetRef={resetFile} disabled={disabled}>
            {(props) => (
              <Button
                {...props}
                id={`${id}-button`}
                variant="light"
                leftSection={<IconPhotoUp aria-hidden size={18} />}
                aria-describedby={`${id}-description`}
              >
                {value ? t('imageUpload.replace') : t('imageUpload.choose')}
              </Button>
            )}
          </FileButton>
        )}
      </div>
    </Input.Wrapper>
  );
}
