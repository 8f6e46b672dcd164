import { z } from 'zod';
import { defineSettings } from '../../settings.ts';

export const alexaSkillSettings = defineSettings({
  ALEXA_SKILL_ID: {
    schema: z.string().min(1).optional(),
    default: 'required with `LWA_CLIENT_ID` (demo: `amzn1.ask.skill.navimow-demo`)',
    description: 'the skill: the one linking enables, and the only one `POST /alexa/skill` answers (unset: 503)',
  },
  ALEXA_SKILL_REQUESTS_PER_MINUTE: {
    schema: z.coerce.number().int().min(1).default(600),
    description:
      'flood limit on `POST /alexa/skill` per client address (Amazon calls from many addresses; each request may make the server fetch a certificate chain before it is verified)',
  },
});
