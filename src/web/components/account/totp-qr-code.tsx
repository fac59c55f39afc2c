import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';

/** The set-up QR code, drawn here as SVG: the secret never leaves for an outside service. */
export function TotpQrCode({ uri }: { uri: string }) {
  const [source, setSource] = useState('');
  useEffect(() => {
    let current = true;
    void qrSvg(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((svg) => {
      if (current) setSource(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      current = false;
    };
  }, [uri]);
  if (!source) return <div className="totp-qr totp-qr--pending" />;
  return (
    <img
      className="totp-qr"
      src={source}
      width={200}
      height={200}
      alt="QR code to scan with your authenticator app"
    />
  );
}
