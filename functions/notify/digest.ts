/**
 * The daily digest (issue 38): once a day, each person whose settings say "daily digest" is mailed what concerned
 * them since the last one (kept at delivery by domain/inbox-delivery.ts), through the code sender's means
 * (notify/mail.ts). A digest that cannot be sent stays for the next day's run.
 */
import { clearDigest, deliverySettingsOf, digestOf, usersWithDigest } from '../domain/notifications';
import { usersByIds } from '../domain/users';
import { sendNotificationMail } from './mail';
import { digestText } from './messages';

export async function sendDigests(log: (line: string, fields?: Record<string, unknown>) => void = () => {}): Promise<number> {
  let sent = 0;
  for (const userId of await usersWithDigest()) {
    const entries = await digestOf(userId);
    const address = (await usersByIds([userId])).get(userId)?.email;
    try {
      if (entries.length && address) {
        const { language } = await deliverySettingsOf(userId);
        await sendNotificationMail(address, digestText(entries, language), language, 'digest');
        sent++;
      }
      // Someone without an address (a phone account) has nothing to be mailed: their entries go.
      await clearDigest(userId, entries);
    } catch (err) {
      log('digest not sent', { userId, error: (err as Error).message });
    }
  }
  return sent;
}
