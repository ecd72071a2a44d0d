import { type AsnLabels, labelContent } from '@srm/contracts';
import bwipjs from 'bwip-js/node';
import type { readAsn } from './delivery-store';

/**
 * The package labels of a notice: one per package of each line, with a QR code of
 * `labelContent` and the notice number's Code 128 (bwip-js draws both as SVG on the server, so
 * the label prints the same from every browser and a scanner reads either).
 */
export function asnLabels(asn: Awaited<ReturnType<typeof readAsn>>): AsnLabels {
  const code128Svg = bwipjs.toSVG({
    bcid: 'code128',
    text: asn.billNo,
    height: 10,
    includetext: true,
    textxalign: 'center',
  });
  const labels = asn.lines.flatMap((line) =>
    Array.from({ length: line.packages }, (_, i) => {
      const content = labelContent(asn.billNo, line.lineNo, i + 1, line.packages);
      return {
        lineNo: line.lineNo,
        pkg: i + 1,
        packages: line.packages,
        materialName: line.materialName,
        quantity: line.quantity,
        unit: line.unit,
        batchNo: line.batchNo,
        content,
        qrSvg: bwipjs.toSVG({ bcid: 'qrcode', text: content }),
      };
    }),
  );
  return {
    billNo: asn.billNo,
    orderBillNo: asn.orderBillNo,
    supplierName: asn.supplierName,
    shipDate: asn.shipDate,
    code128Svg,
    labels,
  };
}
