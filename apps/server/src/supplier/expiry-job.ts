import { type Locale, QUALIFICATION_REMINDER_DAYS } from '@srm/contracts';
import { sql } from 'kysely';
import type { Deps } from '../core/context';
import { storedLocale, t } from '../core/i18n';
import { liveRecipients } from '../core/recipient-filter';
import { notifyUsers } from '../message/notify';

/** The daily job that warns of expiring qualifications (one schedule, key `daily`). */
export const QUALIFICATION_EXPIRY_JOB = 'vendor.qualificationExpiry';
/** 08:00 in China every day: the warnings are read during the working day. */
export const QUALIFICATION_EXPIRY_CRON = { cron: '0 8 * * *', timeZone: 'Asia/Shanghai', key: 'daily' };

const DAY = 86_400_000;
/** A day as the calendar in China writes it (expiry dates are calendar dates there). */
const chinaDate = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const dateText = (d: Date | string) =>
  typeof d === 'string' ? d.slice(0, 10) : new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** The smallest threshold (30, 7, 1 days) a qualification `daysLeft` from expiry has reached. */
export function reminderThreshold(daysLeft: number): number | null {
  if (daysLeft < 0) return null;
  const reached = QUALIFICATION_REMINDER_DAYS.filter((d) => daysLeft <= d);
  return reached.length ? Math.min(...reached) : null;
}

/**
 * Tells the users of each live supplier and its responsible buyer (the staff user who recorded it)
 * by an internal message that a qualification expires in 30, 7 or 1 days. Each threshold of a
 * qualification's current expiry date is told once: the reminder row is claimed before the
 * messages go out, so a run twice on one day, or a retried job, sends nothing more; a renewed
 * date starts over. A day the job missed is caught up with the threshold reached by then.
 * Answers how many reminders went out.
 */
export async function remindExpiringQualifications(deps: Deps, now: Date = new Date()): Promise<number> {
  const today = chinaDate(now);
  const last = chinaDate(new Date(now.getTime() + Math.max(...QUALIFICATION_REMINDER_DAYS) * DAY));
  const rows = await deps.db
    .selectFrom('vendor_supplier_qualification as q')
    .innerJoin('vendor_supplier as s', 's.id', 'q.supplier_id')
    .select([
      'q.id',
      'q.qual_type',
      'q.expires_on',
      's.id as supplier_id',
      's.tenant_id',
      's.ent_id',
      's.supplier_name',
      's.created_by',
    ])
    .where('s.state', 'in', ['potential', 'qualified'])
    .where('q.expires_on', '>=', sql<Date>`cast(${today} as date)`)
    .where('q.expires_on', '<=', sql<Date>`cast(${last} as date)`)
    .orderBy('q.id')
    .execute();
  let sent = 0;
  for (const q of rows) {
    const expires = dateText(q.expires_on as Date | string);
    const daysLeft = Math.round((Date.parse(expires) - Date.parse(today)) / DAY);
    const days = reminderThreshold(daysLeft);
    if (days === null) continue;
    const claimed = await deps.db
      .insertInto('vendor_qualification_reminder')
      .values({ qualification_id: q.id, expires_on: expires, days })
      .onConflict((oc) => oc.columns(['qualification_id', 'expires_on', 'days']).doNothing())
      .returning('qualification_id')
      .executeTakeFirst();
    if (!claimed) continue;
    const tenantId = String(q.tenant_id);
    const users = await deps.db
      .selectFrom('sys_user')
      .select(['id', 'ent_id', 'language'])
      .where('tenant_id', '=', tenantId)
      .where('deleted', '=', false)
      .where('enabled', '=', true)
      .where((eb) =>
        eb.or([eb('ent_id', '=', q.ent_id), ...(q.created_by ? [eb('id', '=', q.created_by)] : [])]),
      )
      .execute();
    const live = new Set(
      await liveRecipients(
        deps.db,
        tenantId,
        users.map((u) => String(u.id)),
      ),
    );
    const names = await qualificationNames(deps, tenantId, q.qual_type);
    // The supplier's users open their profile; the buyer opens the supplier's record.
    const groups = new Map<string, { locale: Locale; url: string; userIds: string[] }>();
    for (const u of users) {
      if (!live.has(String(u.id))) continue;
      const locale = storedLocale(u.language) ?? 'zh-CN';
      const url =
        String(u.ent_id) === String(q.ent_id)
          ? '/vendorPortal/company'
          : `/base/vendor/supplier?id=${q.supplier_id}`;
      const key = `${locale} ${url}`;
      const group = groups.get(key) ?? { locale, url, userIds: [] };
      group.userIds.push(String(u.id));
      groups.set(key, group);
    }
    for (const { locale, url, userIds } of groups.values()) {
      const title = t(locale, 'vendor.qualificationExpiring', {
        supplier: q.supplier_name,
        qualification: names[locale],
        date: expires,
        days: daysLeft,
      });
      await notifyUsers(deps, { tenantId, userIds, type: 1, menuTitle: title, bodyText: title, url });
    }
    sent += 1;
  }
  return sent;
}

/** A qualification type's name in each language (its code when the dictionary lacks it). */
async function qualificationNames(
  deps: Deps,
  tenantId: string,
  code: string,
): Promise<Record<Locale, string>> {
  const item = await deps.db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict_type as ty', 'ty.id', 'i.type_id')
    .select(['i.full_name', 'i.full_name_en', 'i.full_name_tw'])
    .where('ty.tenant_id', '=', tenantId)
    .where('ty.en_code', '=', 'qualificationType')
    .where('i.en_code', '=', code)
    .executeTakeFirst();
  return {
    'zh-CN': item?.full_name || code,
    'en-US': item?.full_name_en || item?.full_name || code,
    'zh-TW': item?.full_name_tw || item?.full_name || code,
  };
}
