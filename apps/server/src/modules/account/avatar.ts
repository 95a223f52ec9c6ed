import sharp from 'sharp';
import { codes, avatarMaxBytes, avatarTypes } from '@plugboard/contract';
import { AppError } from '../../lib/app-error.ts';

export type AvatarImage = { bytes: Buffer; type: 'image/webp' };

const side = 256;
// A small file can still declare a huge canvas; refuse to decode more than about 50 megapixels.
const maxInputPixels = 50_000_000;

const isPng = (b: Buffer) =>
  b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isWebp = (b: Buffer) =>
  b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP';

/**
 * A picture sent as a data URL, checked (PNG, JPEG or WebP by its first bytes, at most 2 MB decoded) and stored
 * as WebP of at most 256 x 256, turned upright from its EXIF orientation and without the rest of its metadata.
 */
export async function prepareAvatar(dataUrl: string): Promise<AvatarImage> {
  const match = /^data:([a-z/+.-]+);base64,([A-Za-z0-9+/]*={0,2})$/i.exec(dataUrl.trim());
  const declared = match?.[1]?.toLowerCase();
  if (!match || !(avatarTypes as readonly string[]).includes(declared ?? '')) {
    throw new AppError(codes.invalidInput, 'The picture must be a PNG, JPEG or WebP image');
  }
  const bytes = Buffer.from(match[2] ?? '', 'base64');
  if (bytes.length > avatarMaxBytes)
    throw new AppError(codes.invalidInput, 'The picture must be at most 2 MB');
  if (!isPng(bytes) && !isJpeg(bytes) && !isWebp(bytes)) {
    throw new AppError(codes.invalidInput, 'The picture must be a PNG, JPEG or WebP image');
  }
  try {
    const resized = await sharp(bytes, { limitInputPixels: maxInputPixels })
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
    return { bytes: resized, type: 'image/webp' };
  } catch {
    throw new AppError(
      codes.invalidInput,
      'The picture could not be read: send another PNG, JPEG or WebP image',
    );
  }
}

export const avatarDataUrl = (bytes: Buffer | null, type: string | null): string | null =>
  bytes && type ? `data:${type};base64,${bytes.toString('base64')}` : null;
