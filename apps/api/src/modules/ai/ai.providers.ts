import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { AiProviderConfig } from '#src/config/env.ts';

/** What the veteran is told about the outside model before anything is sent to it. */
export type ProviderInfo = { name: string; model: string; host: string };

const VENDOR_HOSTS = { openai: 'api.openai.com', anthropic: 'api.anthropic.com' } as const;

/** The model of the configured provider, through the Vercel AI SDK. */
export function createLanguageModel(config: AiProviderConfig): LanguageModel {
  switch (config.provider) {
    case 'openai':
      // `.chat` speaks Chat Completions; the default export would call the Responses API.
      return createOpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl }).chat(config.model);
    case 'anthropic':
      return createAnthropic({ apiKey: config.apiKey, baseURL: config.baseUrl })(config.model);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseUrl ?? '',
        apiKey: config.apiKey,
        includeUsage: true,
      }).chatModel(config.model);
  }
}

/** The provider as the privacy notice names it: who, which model, and the host text goes to. */
export function describeProvider(config: AiProviderConfig): ProviderInfo {
  const host = config.baseUrl
    ? new URL(config.baseUrl).host
    : config.provider === 'openai-compatible'
      ? ''
      : VENDOR_HOSTS[config.provider];
  const name =
    config.provider === 'openai'
      ? 'OpenAI'
      : config.provider === 'anthropic'
        ? 'Anthropic'
        : `an OpenAI-compatible server at ${host}`;
  return { name, model: config.model, host };
}
