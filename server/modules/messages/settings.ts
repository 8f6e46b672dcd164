import { z } from 'zod';
import { MESSAGE_WINDOW_DAYS } from '../../../common/messages.ts';
import { defineSettings } from '../../settings.ts';

// More than the message centre's 30 days, so that its History has something to show.
const keptDays = () =>
  z.coerce
    .number()
    .int()
    .min(MESSAGE_WINDOW_DAYS + 1)
    .max(3650);

export const messageSettings = defineSettings({
  MESSAGES_KEEP_READ_DAYS: {
    schema: keptDays().default(90),
    description: `how long a reader keeps a read message after it came (the hourly sweep); the message centre's History shows what is older than ${MESSAGE_WINDOW_DAYS} days`,
  },
  MESSAGES_KEEP_UNREAD_DAYS: {
    schema: keptDays().default(365),
    description: 'how long a reader keeps an unread message after it came; at least `MESSAGES_KEEP_READ_DAYS`',
  },
});
