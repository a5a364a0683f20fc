import { z } from 'zod';
import { isoDateTimeSchema, pagedSchema, pageQuerySchema } from './common.ts';
import { safeText } from './text.ts';

/** A message a veteran sends: at least one character after trimming, at most 8,000. */
export const MESSAGE_MAX = 8_000;

/** Who wrote a message. Only `user` may be sent; the server writes `assistant` messages. */
export const MESSAGE_ROLES = ['user', 'assistant'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/** The `model` of a reply written without a language model, from the knowledge base alone. */
export const OFFLINE_MODEL = 'muster-offline';

/**
 * A passage of the knowledge base an answer relies on: its citation as a reader would write it
 * ("38 CFR 4.87, DC 6260"), the section's title, and the id that opens it
 * (`GET /knowledge/passages/{id}`).
 */
export const citationSchema = z.object({
  passage_id: z.string(),
  citation: z.string(),
  title: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  thread_id: z.uuid(),
  user_id: z.string(),
  role: z.enum(MESSAGE_ROLES),
  content: z.string(),
  /** The model that wrote an assistant reply (`muster-offline` without one); null for the user. */
  model: z.string().nullable(),
  /** Tokens the provider counted for the reply; null for the user and for offline replies. */
  completion_tokens: z.number().int().nullable(),
  /** The passages the reply quotes or cites, each resolving to a retrieved passage. */
  citations: z.array(citationSchema),
  /** The message spoke of suicide or crisis: the reply opens with the Veterans Crisis Line. */
  crisis: z.boolean(),
  created_at: isoDateTimeSchema,
});
export type Message = z.infer<typeof messageSchema>;

/** `GET /threads/{threadId}/messages`: oldest first, the order a conversation is read in. */
export const messageListQuerySchema = pageQuerySchema;
export const messagePageSchema = pagedSchema(messageSchema);
export type MessagePage = z.infer<typeof messagePageSchema>;

/**
 * `POST /threads/{threadId}/messages`. The sender is always the signed-in user: a `user_id` in the
 * body is accepted for older clients and ignored. Only `user` messages can be sent.
 */
export const createMessageInputSchema = z.object({
  user_id: z.unknown().optional(),
  content: safeText({ min: 1, max: MESSAGE_MAX, multiline: true }),
  role: z.literal('user', { error: 'Only user messages can be sent' }).default('user'),
});
export type CreateMessageInput = z.input<typeof createMessageInputSchema>;

/** `POST /threads/{threadId}/runs`: answers the thread's latest user message. */
export const createRunInputSchema = z
  .object({
    /** Answer from the knowledge base alone for this run, even when a provider is set up. */
    offline: z.boolean().optional(),
  })
  .default({});
export type CreateRunInput = z.input<typeof createRunInputSchema>;

/**
 * The events of a run's `text/event-stream`, in order: `start` once; `crisis` first of all when
 * the message speaks of crisis; `delta` as text arrives; then `done` with the stored reply, or
 * `error` with the product's error envelope (nothing is stored for a failed run).
 */
export const RUN_EVENTS = ['start', 'crisis', 'delta', 'done', 'error'] as const;
export type RunEventName = (typeof RUN_EVENTS)[number];

export const runStartEventSchema = z.object({
  model: z.string(),
  offline: z.boolean(),
});
export const runDeltaEventSchema = z.object({ text: z.string() });
export const runDoneEventSchema = z.object({ message: messageSchema });

/** The Veterans Crisis Line, as the crisis card shows it. */
export const crisisLineSchema = z.object({
  title: z.string(),
  call: z.string(),
  text: z.string(),
  chat_url: z.string(),
});
export type CrisisLine = z.infer<typeof crisisLineSchema>;

/**
 * Whether chat may use an outside model. `ask`: not chosen yet, and the first message that would
 * leave Muster is held until the veteran chooses; `provider`: chosen; `offline`: never leave.
 */
export const AI_CONSENT = ['ask', 'provider', 'offline'] as const;
export type AiConsent = (typeof AI_CONSENT)[number];

export const aiSettingsSchema = z.object({
  consent: z.enum(AI_CONSENT),
  /** The outside model chat would use, or null when none is set up (everything stays here). */
  provider: z
    .object({
      /** "OpenAI", "Anthropic", or the host of an OpenAI-compatible server. */
      name: z.string(),
      model: z.string(),
      /** Where the text goes, as a host name. */
      host: z.string(),
    })
    .nullable(),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;

export const updateAiSettingsInputSchema = z.object({
  consent: z.enum(['provider', 'offline']),
});
export type UpdateAiSettingsInput = z.infer<typeof updateAiSettingsInputSchema>;

/** A passage of the knowledge base, opened from a citation. */
export const knowledgePassageSchema = z.object({
  id: z.string(),
  citation: z.string(),
  title: z.string(),
  text: z.string(),
  /** Where the text comes from, for the reader ("38 CFR Part 4, e-CFR text of 2019-10-07"). */
  source: z.string(),
  /** The rule has been amended since this text: the date of the change, or null. */
  changed_on: z.string().nullable(),
});
export type KnowledgePassage = z.infer<typeof knowledgePassageSchema>;
