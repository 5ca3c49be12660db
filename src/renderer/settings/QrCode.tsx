/** A QR code drawn locally with the `qrcode` package (no network, loaded when first needed), as an image. */
import { useEffect, useState } from 'react';

export function QrCode({
  text,
  label,
  size = 200,
  testId,
}: {
  text: string;
  label: string;
  size?: number;
  testId?: string;
}) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((QRCode) => QRCode.toDataURL(text, { margin: 1, width: size, errorCorrectionLevel: 'M' }))
      .then(
        (url) => {
          if (live) setSrc(url);
        },
        () => {
          if (live) setSrc(undefined);
        },
      );
    return () => {
      live = false;
    };
  }, [text, size]);
  return (
    <div className="qr" style={{ width: size, height: size }}>
      {src && <img src={src} width={size} height={size} alt={label} data-testid={testId} />}
    </div>
  );
}
