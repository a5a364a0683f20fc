import { describe, expect, it } from 'vitest';
import type { AiProviderConfig } from '#src/config/env.ts';
import { createLanguageModel, describeProvider } from './ai.providers.ts';

const base: Omit<AiProviderConfig, 'provider' | 'model'> = {
  baseUrl: undefined,
  apiKey: 'k',
  timeoutMs: 1000,
  chunkTimeoutMs: 1000,
  maxRetries: 0,
};

type Model = { provider: string; modelId: string };

describe('[AI][PROVIDERS]', () => {
  it('[AI]: each provider setting picks its SDK model (OpenAI through Chat Completions)', () => {
    const openai = createLanguageModel({ ...base, provider: 'openai', model: 'gpt-4o-mini' });
    expect(openai as unknown as Model).toMatchObject({
      provider: 'openai.chat',
      modelId: 'gpt-4o-mini',
    });
    const anthropic = createLanguageModel({
      ...base,
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
    });
    expect((anthropic as unknown as Model).provider).toMatch(/^anthropic/);
    const local = createLanguageModel({
      ...base,
      provider: 'openai-compatible',
      model: 'llama3.1',
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
    });
    expect(local as unknown as Model).toMatchObject({
      provider: 'openai-compatible.chat',
      modelId: 'llama3.1',
    });
  });

  it('[AI]: the privacy notice names the provider, the model and the host text goes to', () => {
    expect(describeProvider({ ...base, provider: 'openai', model: 'gpt-4o-mini' })).toEqual({
      name: 'OpenAI',
      model: 'gpt-4o-mini',
      host: 'api.openai.com',
    });
    expect(describeProvider({ ...base, provider: 'anthropic', model: 'c' }).host).toBe(
      'api.anthropic.com',
    );
    expect(
      describeProvider({
        ...base,
        provider: 'openai-compatible',
        model: 'llama3.1',
        baseUrl: 'http://gpu.internal:8000/v1',
      }),
    ).toEqual({
      name: 'an OpenAI-compatible server at gpu.internal:8000',
      model: 'llama3.1',
      host: 'gpu.internal:8000',
    });
  });
});
