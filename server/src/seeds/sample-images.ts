import sharp from 'sharp';
import escapeHtml from 'escape-html';

/**
 * The demo's sample pictures, drawn as SVG and rasterised by sharp when the demo is seeded: a phone
 * photo of a fictional driver's licence (JPEG) and a void cheque (PNG). Both say SPECIMEN.
 */

export interface CardHolder {
  firstName: string;
  lastName: string;
  addressLine: string;
  birthDate: string;
  licenceNumber: string;
}

const FONT = "font-family=\"'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif\"";
const x = (text: string) => escapeHtml(text);

function licenceSvg(holder: CardHolder): string {
  const [street, ...place] = holder.addressLine.split(',').map((part) => part.trim());
  const rows: [string, string][] = [
    ['NAME', `${holder.lastName.toUpperCase()}, ${holder.firstName.toUpperCase()}`],
    ['ADDRESS', street],
    ['', place.join(', ')],
    ['DOB', holder.birthDate],
    ['NUMBER', holder.licenceNumber],
    ['EXPIRES', '2029/08/14'],
  ];
  const text = rows
    .map(
      ([label, value], i) =>
        `<text x="300" y="${200 + i * 44}" ${FONT} font-size="17" fill="#4a5a70">${label}</text>` +
        `<text x="420" y="${200 + i * 44}" ${FONT} font-size="25" font-weight="bold" fill="#15233a">${x(value)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540">
  <defs>
    <linearGradient id="card" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f4f8fc"/><stop offset="0.55" stop-color="#dfeaf5"/><stop offset="1" stop-color="#c9dced"/>
    </linearGradient>
    <clipPath id="round"><rect width="856" height="540" rx="34"/></clipPath>
  </defs>
  <g clip-path="url(#round)">
    <rect width="856" height="540" fill="url(#card)"/>
    <path d="M0 470 C 220 420 500 540 856 440 L856 540 L0 540 Z" fill="#b7cde3" opacity="0.6"/>
    <rect width="856" height="112" fill="#1b3d73"/>
    <text x="40" y="52" ${FONT} font-size="30" font-weight="bold" fill="#ffffff">DRIVER'S LICENCE</text>
    <text x="40" y="88" ${FONT} font-size="19" fill="#c8d8ef">PERMIS DE CONDUIRE · ONTARIO</text>
    <text x="816" y="70" ${FONT} font-size="38" font-weight="bold" fill="#ffffff" text-anchor="end">G</text>
    <rect x="40" y="150" width="230" height="290" rx="10" fill="#9fb3c8"/>
    <circle cx="155" cy="255" r="62" fill="#e9eef4"/>
    <path d="M55 440 C 65 350 245 350 255 440 Z" fill="#e9eef4"/>
    ${text}
    <text x="300" y="480" ${FONT} font-size="30" font-style="italic" fill="#2d3f5c">${x(`${holder.firstName} ${holder.lastName}`)}</text>
    <text x="560" y="360" ${FONT} font-size="72" font-weight="bold" fill="#c0392b" opacity="0.25" text-anchor="middle" transform="rotate(-16 560 360)">SPECIMEN</text>
  </g>
  <rect x="1" y="1" width="854" height="538" rx="34" fill="none" stroke="#8aa2bd" stroke-width="2"/>
</svg>`;
}

/** The licence lying on a desk, photographed a little askew, as customers send them: one SVG, one pass. */
export async function licencePhoto(holder: CardHolder): Promise<Buffer> {
  const grain = Array.from(
    { length: 15 },
    (_, i) =>
      `<path d="M0 ${i * 52 + 10} C 340 ${i * 52 - 14} 680 ${i * 52 + 34} 1000 ${i * 52 + 6}" stroke="#6b4a2f" stroke-opacity="0.18" stroke-width="3" fill="none"/>`,
  ).join('');
  const photo = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="750">
    <defs><radialGradient id="desk" cx="0.45" cy="0.4" r="0.8">
      <stop offset="0" stop-color="#c8a47e"/><stop offset="1" stop-color="#7d5a3c"/>
    </radialGradient></defs>
    <rect width="1000" height="750" fill="url(#desk)"/>${grain}
    <g transform="translate(80 130) rotate(-4 428 270)">${licenceSvg(holder)}</g>
  </svg>`;
  return sharp(Buffer.from(photo)).jpeg({ quality: 80 }).toBuffer();
}

/** A void cheque for the account that pre-authorised payments come from. */
export async function voidCheque(holder: Pick<CardHolder, 'firstName' | 'lastName' | 'addressLine'>) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="440">
    <rect width="1000" height="440" fill="#eef5ef"/>
    <path d="M0 0 L1000 0 L1000 60 L0 60 Z" fill="#2f6b4f"/>
    <text x="30" y="40" ${FONT} font-size="24" font-weight="bold" fill="#ffffff">LAKESHORE CREDIT UNION</text>
    <text x="970" y="40" ${FONT} font-size="20" fill="#ffffff" text-anchor="end">No. 0147</text>
    <text x="30" y="100" ${FONT} font-size="20" font-weight="bold" fill="#1e2b24">${x(`${holder.firstName} ${holder.lastName}`.toUpperCase())}</text>
    <text x="30" y="126" ${FONT} font-size="17" fill="#3c4a42">${x(holder.addressLine)}</text>
    <text x="640" y="110" ${FONT} font-size="18" fill="#3c4a42">DATE ____________________</text>
    <text x="30" y="200" ${FONT} font-size="18" fill="#3c4a42">PAY TO THE ORDER OF ____________________________________  $ __________</text>
    <text x="30" y="260" ${FONT} font-size="18" fill="#3c4a42">___________________________________________________________ DOLLARS</text>
    <text x="600" y="350" ${FONT} font-size="18" fill="#3c4a42">____________________________</text>
    <text x="60" y="410" font-family="'DejaVu Sans Mono', monospace" font-size="24" fill="#1e2b24">C00412C 002A 22084471C</text>
    <text x="500" y="250" ${FONT} font-size="150" font-weight="bold" fill="#c0392b" opacity="0.75" text-anchor="middle" transform="rotate(-10 500 250)">VOID</text>
    <text x="500" y="330" ${FONT} font-size="26" font-weight="bold" fill="#c0392b" opacity="0.5" text-anchor="middle">SPECIMEN</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
