import type { Supplier } from '@srm/contracts';
import ExcelJS from 'exceljs';
import { type MessageKey, t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';

/** The supplier list as .xlsx. */
export async function exportSuppliers(ctx: ServiceContext, list: Supplier[]): Promise<Buffer> {
  const L = (key: MessageKey) => t(ctx.locale, key);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(L('vendor.export.suppliersFile'));
  sheet.columns = Array.from({ length: 6 }, () => ({ width: 24 }));
  sheet.addRow([
    L('vendor.export.supplierCode'),
    L('vendor.export.supplierName'),
    L('vendor.export.creditCode'),
    L('vendor.export.state'),
    L('vendor.export.categories'),
    L('vendor.export.blacklist'),
  ]).font = { bold: true };
  for (const s of list)
    sheet.addRow([
      s.supplierCode,
      s.supplierName,
      s.creditCode,
      L(`vendor.state.${s.state}` as MessageKey),
      s.categories.join(', '),
      s.blacklisted ? s.blacklistReason : '',
    ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
