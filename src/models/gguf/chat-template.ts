/**
 * Turning chat messages into prompt tokens for a GGUF model.
 *
 * - 'auto' (default): the template stored in the file (tokenizer.chat_template), through
 *   node-llama-cpp's chat wrappers (a specialised wrapper when it recognises the template,
 *   otherwise its Jinja renderer). A file without a template gets the plain template, with a
 *   warning on every result.
 * - 'guess': node-llama-cpp's own resolution, which also guesses from the file name and
 *   architecture when the file has no template (a warning names the wrapper it chose).
 * - 'plain': "system: …\nuser: …\nassistant:" lines, stopping at "\nuser:".
 */
import type { ChatMessage, Warning } from '../types.js';
import { otherWarning } from '../warnings.js';
import type { NodeLlamaCpp } from './loader.js';

export type ChatTemplateMode = 'auto' | 'guess' | 'plain';

type LlamaModel = Awaited<ReturnType<Awaited<ReturnType<NodeLlamaCpp['getLlama']>>['loadModel']>>;
type ChatWrapper = NonNullable<ReturnType<NodeLlamaCpp['resolveChatWrapper']>>;
type ChatHistoryItem = Parameters<ChatWrapper['generateContextState']>[0]['chatHistory'][number];

interface RenderedPrompt {
  tokens: number[];
  /** strings that end the answer (cut before them) */
  stopStrings: string[];
  /** tokens that end the answer besides end-of-generation tokens */
  stopTokens: number[];
}

export interface PromptTemplate {
  /** e.g. 'ChatML', 'Jinja', 'plain' */
  name: string;
  render(messages: readonly ChatMessage[]): RenderedPrompt;
  /** attached to every result made with this template */
  warning?: Warning;
}

function plainTemplate(model: LlamaModel): PromptTemplate {
  return {
    name: 'plain',
    render(messages) {
      const text = messages.map((m) => `${m.role}: ${m.content}`).join('\n') + (messages.at(-1)?.role === 'assistant' ? '' : '\nassistant:');
      const bos = model.tokens.bos;
      const body = model.tokenize(text, false);
      return { tokens: model.tokens.shouldPrependBosToken && bos !== null ? [bos, ...body] : body, stopStrings: ['\nuser:'], stopTokens: [] };
    },
  };
}

function toHistory(messages: readonly ChatMessage[]): ChatHistoryItem[] {
  const out: ChatHistoryItem[] = messages.map((m) =>
    m.role === 'system' ? { type: 'system', text: m.content } : m.role === 'user' ? { type: 'user', text: m.content } : { type: 'model', response: [m.content] },
  );
  // an empty model turn at the end makes the wrapper render the generation prompt
  if (messages.at(-1)?.role !== 'assistant') out.push({ type: 'model', response: [] });
  return out;
}

function wrapperTemplate(mod: NodeLlamaCpp, model: LlamaModel, wrapper: ChatWrapper): PromptTemplate {
  return {
    name: wrapper.wrapperName,
    render(messages) {
      const state = wrapper.generateContextState({ chatHistory: toHistory(messages) });
      const stopStrings: string[] = [];
      const stopTokens: number[] = [];
      for (const trigger of state.stopGenerationTriggers) {
        const builtin = trigger.values.some((v) => v instanceof mod.SpecialToken);
        if (builtin) {
          // EOS/EOT and friends: end-of-generation tokens are always stops; others by id
          for (const t of trigger.tokenize(model.tokenizer)) if (!model.isEogToken(t)) stopTokens.push(t);
          continue;
        }
        const text = trigger.values.map((v) => (typeof v === 'string' ? v : v.value)).join('');
        if (text !== '') stopStrings.push(text);
        const ids = model.tokenize(text, true);
        if (ids.length === 1 && ids[0] !== undefined && model.detokenize(ids, false) === '') stopTokens.push(ids[0]);
      }
      return { tokens: state.contextText.tokenize(model.tokenizer), stopStrings: [...new Set(stopStrings)], stopTokens: [...new Set(stopTokens)] };
    },
  };
}

export function makeTemplate(mod: NodeLlamaCpp, model: LlamaModel, mode: ChatTemplateMode, filename: string): PromptTemplate {
  if (mode === 'plain') return plainTemplate(model);
  if (mode === 'guess') {
    const wrapper = mod.resolveChatWrapper(model, { warningLogs: false });
    const t = wrapperTemplate(mod, model, wrapper);
    return { ...t, warning: otherWarning(`gguf: chat template "${wrapper.wrapperName}" chosen by node-llama-cpp's resolution (chatTemplate: 'guess')`) };
  }
  const stored = model.fileInfo.metadata.tokenizer?.chat_template;
  if (typeof stored !== 'string' || stored.trim() === '') {
    return {
      ...plainTemplate(model),
      warning: otherWarning(`gguf: ${filename} has no chat template (tokenizer.chat_template); used plain "role: content" lines. Set chatTemplate: 'guess' to let node-llama-cpp pick one by model name.`),
    };
  }
  const wrapper = mod.resolveChatWrapper({
    type: 'auto',
    bosString: model.tokens.bosString,
    filename,
    fileInfo: model.fileInfo,
    tokenizer: model.tokenizer,
    warningLogs: false,
  });
  if (wrapper === null) {
    return { ...plainTemplate(model), warning: otherWarning(`gguf: the chat template of ${filename} could not be used; used plain "role: content" lines`) };
  }
  return wrapperTemplate(mod, model, wrapper);
}
