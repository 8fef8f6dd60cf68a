import { describe, expect, it } from 'vitest';
import { parseSentimentAnswer } from '../../../src/probes/wildframe/parse-answer.js';

describe('parseSentimentAnswer (matches the release processed labels)', () => {
  it('reads the sentiment key in the shapes models really answer with', () => {
    // shapes taken from the release's raw answers (gpt-4o, gemma, llama, mistral)
    expect(parseSentimentAnswer('```json\n{\n  "sentiment": "Positive"\n}\n```')).toEqual({ label: 'positive', via: 'key' });
    expect(parseSentimentAnswer("{'sentiment': 'Negative'}")).toEqual({ label: 'negative', via: 'key' });
    expect(parseSentimentAnswer('{"sentiment" : "Neutral"}')).toEqual({ label: 'neutral', via: 'key' });
    expect(parseSentimentAnswer("sentiment : 'Neutral'")).toEqual({ label: 'neutral', via: 'key' });
    expect(parseSentimentAnswer('sentiment : Neutral')).toEqual({ label: 'neutral', via: 'key' });
    expect(parseSentimentAnswer('{ "sentiment": "Mixed" } Explanation: The sentiment of the given sentence is mixed')).toEqual({ label: 'mixed', via: 'key' });
    expect(parseSentimentAnswer('Sentiment: POSITIVE')).toEqual({ label: 'positive', via: 'key' });
  });

  it('takes the first key even when the explanation names other labels (as the released files do)', () => {
    // Mixtral-8x7B answer for ID 86: the release's processed label is "neutral", not "mixed"
    const raw = " 'sentiment' : 'Neutral'\nThe sentence expresses a mixed sentiment, acknowledging both positive (not that bad) and negative aspects.";
    expect(parseSentimentAnswer(raw).label).toBe('neutral');
    // a model continuing the conversation: the first key wins
    expect(parseSentimentAnswer(' "sentiment" : "Negative"\nUser: I love it!\nAssistant: "sentiment" : "Positive"').label).toBe('negative');
  });

  it('falls back to keywords with priority mixed > neutral > positive > negative', () => {
    const raw = " Based on the given input text, the dominant sentiment is 'Neutral'. The sentence acknowledges both positive and negative aspects.";
    expect(parseSentimentAnswer(raw)).toEqual({ label: 'neutral', via: 'keyword' });
    expect(parseSentimentAnswer('It is positive overall, though partly negative.')).toEqual({ label: 'positive', via: 'keyword' });
    expect(parseSentimentAnswer('Negative, but also a mixed bag')).toEqual({ label: 'mixed', via: 'keyword' });
  });

  it('reports unparseable answers instead of guessing', () => {
    expect(parseSentimentAnswer('')).toEqual({ label: null, via: 'none' });
    expect(parseSentimentAnswer('I cannot help with that.')).toEqual({ label: null, via: 'none' });
    // an unknown value under the key: the release would keep "sad" as a label; slant keeps it aside
    expect(parseSentimentAnswer('{"sentiment": "Sad"}')).toEqual({ label: null, via: 'none', value: 'sad' });
  });
});
