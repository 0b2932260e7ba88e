import { UPLOAD_IMAGE_MAX_BYTES, UPLOAD_IMAGE_PATH, type UploadFolder, type UploadImageResponse } from '@rides/contract';
import { ApiError } from '../api';
import { openAppModal } from '../modal-controller';
import { currentToken, endSession } from '../session-store';

export interface UploadImageInput {
  file: Blob;
  folder: UploadFolder;
  rideId?: number | undefined;
  /** Whole percent, 0 to 100 (000 §4 "Image upload progress runs from 0 to 100"). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Answers that end the session, as lib/api.ts treats them. */
const SESSION_OVER = new Set(['user_is_not_authorized', 'token_expired']);

/**
 * upload_image_api (decision 0018) with XMLHttpRequest, because fetch reports no upload progress. Failures are the
 * same ApiErrors as every other call: the server's code, network_error without an answer; a 401 ends the session and
 * offers the sign-in like lib/api.ts. A file over the size limit is refused here before a byte is sent.
 */
export function uploadImage({ file, folder, rideId, onProgress, signal }: UploadImageInput): Promise<UploadImageResponse> {
  if (file.size > UPLOAD_IMAGE_MAX_BYTES) return Promise.reject(new ApiError('payload_too_large', 413));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.append('folder', folder);
    if (rideId !== undefined) form.append('rideId', String(rideId));
    // The file part last: the server reads the fields it needs first.
    form.append('file', file, file instanceof File ? file.name : 'image');
    xhr.open('POST', UPLOAD_IMAGE_PATH);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = currentToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    let last = -1;
    const progress = (percent: number) => {
      const whole = Math.max(0, Math.min(100, Math.floor(percent)));
      if (whole !== last) {
        last = whole;
        onProgress?.(whole);
      }
    };
    progress(0);
    xhr.upload.onprogress = (event) => {
      // Sent is not yet stored: 99 until the server has answered.
      if (event.lengthComputable && event.total > 0) progress(Math.min(99, (event.loaded / event.total) * 100));
    };
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      done();
      const body = (xhr.response ?? null) as Record<string, unknown> | null;
      const code = typeof body?.ServerMassageCode === 'string' ? body.ServerMassageCode : null;
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body.url === 'string') {
        progress(100);
        resolve(body as unknown as UploadImageResponse);
        return;
      }
      const fallback = xhr.status === 413 ? 'payload_too_large' : xhr.status === 429 ? 'too_many_requests' : [502, 503, 504].includes(xhr.status) ? 'network_error' : 'api_call_failed';
      const error = new ApiError(code ?? fallback, xhr.status);
      if (xhr.status === 401 && SESSION_OVER.has(error.code)) {
        if (token) endSession('rejected');
        openAppModal('login');
      }
      reject(error);
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError('network_error', 0));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    xhr.send(form);
  });
}
