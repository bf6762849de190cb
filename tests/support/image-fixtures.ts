import zlib from "node:zlib";
import sharp from "sharp";

/**
 * Real pictures made with sharp for the media tests: a scene with detail (so the attention crop and
 * the encoders have something to work on), in each format, with or without metadata.
 */
export async function makePhoto(
  options: {
    width?: number;
    height?: number;
    format?: "jpeg" | "png" | "webp";
    /** EXIF with GPS coordinates, a camera and an author, as a phone writes it. */
    withGps?: boolean;
    /** The EXIF orientation tag (6: the camera was turned a quarter clockwise). */
    orientation?: number;
  } = {},
): Promise<Buffer> {
  const width = options.width ?? 1600;
  const height = options.height ?? 1000;
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="100%" height="100%" fill="#bcdcf0"/>` +
      `<circle cx="${width * 0.7}" cy="${height * 0.4}" r="${Math.min(width, height) * 0.2}" fill="#c8553d"/>` +
      `<rect x="${width * 0.1}" y="${height * 0.6}" width="${width * 0.3}" height="${height * 0.3}" fill="#1e6c93"/>` +
      "</svg>",
  );
  let image = sharp(svg);
  if (options.withGps) {
    image = image.withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 12", Artist: "Jane Student" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "34/1 3/1 5000/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "118/1 26/1 3000/100",
      },
    });
  }
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  const format = options.format ?? "jpeg";
  if (format === "png") return image.png().toBuffer();
  if (format === "webp") return image.webp().toBuffer();
  return image.jpeg({ quality: 85 }).toBuffer();
}

/**
 * A PNG that declares `width` x `height` pixels in its header but holds a small picture's data: what a
 * decompression bomb looks like to a checker that reads headers (the real thing inflates to the
 * declared size; neither may reach the decoder).
 */
export async function pngHeaderBomb(width = 12_000, height = 12_000): Promise<Buffer> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
  const bomb = Buffer.from(png);
  bomb.writeUInt32BE(width, 16);
  bomb.writeUInt32BE(height, 20);
  // The IHDR chunk's CRC covers its type and data (bytes 12-28).
  bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
  return bomb;
}

/** A real 12,000 x 12,000 PNG of one colour: a few hundred KB that inflate to 432 MB. */
export async function pngRealBomb(): Promise<Buffer> {
  return sharp({
    create: { width: 12_000, height: 12_000, channels: 3, background: "#fff" },
    limitInputPixels: false,
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
