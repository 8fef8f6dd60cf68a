import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { buildWildframeRecords, loadWildframeRelease, modelNameFromReleaseFile } from '../../../src/probes/wildframe/release.js';
import { rejection, useTempDir } from '../../data/temp-dir.js';

const { file } = useTempDir();

// Made-up rows in the release's column layout.
const PRED_HEADER = 'ID,sentence_text,answer,positive_framing,negative_framing,opposite_framing_raw_pred,opposite_framing_processed_pred\n';
const predictions = file(
  'toy-model-7b_opposite_framing_predictions_with_neutral.csv',
  PRED_HEADER +
    '1,"The battery dies fast .",negative,"The battery dies fast, but it charges quickly.","The battery dies fast and it is awful.","```json\n{""sentiment"": ""Positive""}\n```",positive\n' +
    '2,"\n\n I love these shoes .",positive,"I love these shoes and they are cheap.","I love these shoes, but they hurt after an hour.","{\'sentiment\': \'Positive\'}",positive\n' +
    '3,"We did not enjoy the show .",negative,"We did not enjoy the show, yet the company was great.","We did not enjoy the show at all.",,\n',
);
const EVAL_HEADER = 'sentence_id,base_sentence_text,base_sentiment,opposite_framing_sentence,positive_score,negative_score,majority_sentiment,majority_confidence,sentiment_flip_after_framing\n';
const humans = file(
  'framed_eval.csv',
  EVAL_HEADER +
    '1,"The battery dies fast .",negative,"The battery dies fast, but it charges quickly.",0.8,0.19999999999999996,positive,0.8,True\n' +
    '2,"I love these shoes .",positive,"I love these shoes, but they hurt after an hour.",0.6,0.4,positive,0.6,False\n' +
    '9,"Unmatched statement .",positive,"Unmatched statement, sadly.",1.0,0.0,positive,1.0,False\n',
);

describe('WildFrame release import', () => {
  it('names the model from the release file name', () => {
    expect(modelNameFromReleaseFile('/x/gpt-4o-2024-08-06_opposite_framing_predictions_with_neutral.csv')).toBe('gpt-4o-2024-08-06');
    expect(modelNameFromReleaseFile('meta-llama-Llama-3-8b-chat-hf_opposite_framing_predictions.csv')).toBe('meta-llama-Llama-3-8b-chat-hf');
  });

  it('reads predictions alone: the opposite framing and the raw answer per row', async () => {
    const { records, stats } = await buildWildframeRecords({ input: predictions });
    expect(stats).toMatchObject({ format: 'release-predictions', read: 3, records: 3 });
    expect(records[0]).toMatchObject({
      id: '1',
      baseSentiment: 'negative',
      framed: 'The battery dies fast, but it charges quickly.',
      model: 'toy-model-7b',
      releaseLabel: 'positive',
    });
    expect(records[1]).toMatchObject({ base: 'I love these shoes .', framed: 'I love these shoes, but they hurt after an hour.' });
    // an empty answer stays a recorded (unparseable) answer, never a reason to call a model
    expect(records[2]?.prediction).toBe('');
  });

  it('joins ID = sentence_id, takes the annotated texts and counts unmatched rows on both sides', async () => {
    const { records, stats } = await loadWildframeRelease(predictions, humans);
    expect(records.map((r) => [r.id, r.humanScore])).toEqual([
      ['1', 4],
      ['2', 2],
    ]);
    expect(stats).toMatchObject({ read: 3, humansRead: 3, matched: 2, inputWithoutHumans: 1, humansWithoutInput: 1, unmatched: 2, framedTextDiffers: 0, records: 2 });
    const keep = await buildWildframeRecords({ input: predictions, humans, keepUnannotated: true });
    expect(keep.records.map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(keep.records[2]?.humanScore).toBeUndefined();
  });

  it('rejects files that do not belong together', async () => {
    const other = file('other.csv', EVAL_HEADER + '1,"The battery dies fast .",positive,"x",0.2,0.8,negative,0.8,True\n');
    const err = await rejection(buildWildframeRecords({ input: predictions, humans: other }));
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toMatch(/other\.csv, line 2, field "base_sentiment": statement 1 is positive here but negative/);
  });

  it('rejects inconsistent or impossible annotation shares', async () => {
    const bad = file('bad.csv', EVAL_HEADER + '1,"a",negative,"b",0.8,0.2,positive,0.6,True\n');
    expect((await rejection(buildWildframeRecords({ input: predictions, humans: bad }))).message).toMatch(/inconsistent annotations: .* give 4 .* give 3/);
    const frac = file('frac.csv', EVAL_HEADER + '1,"a",negative,"b",0.5,0.5,positive,0.5,True\n');
    expect((await rejection(buildWildframeRecords({ input: predictions, humans: frac }))).message).toMatch(/field "positive_score": expected a multiple of 1\/5/);
  });

  it('rejects a prediction row with an unknown base sentiment', async () => {
    const bad = file('bad_opposite_framing_predictions.csv', PRED_HEADER + '1,"a",neutral,"b","c","{}",neutral\n');
    expect((await rejection(buildWildframeRecords({ input: bad }))).message).toMatch(/line 2, field "answer": expected "positive" or "negative", got "neutral"/);
  });

  it('reads records in canonical fields and joins them to humans the same way', async () => {
    const jsonl = file(
      'records.jsonl',
      JSON.stringify({ id: '1', base: 'b', baseSentiment: 'negative', framed: 'f', prediction: '{"sentiment": "Neutral"}' }) + '\n' +
        JSON.stringify({ id: '7', base: 'b2', baseSentiment: 'positive', framed: 'f2', humanScore: 3 }) + '\n',
    );
    const alone = await buildWildframeRecords({ input: jsonl, model: 'm' });
    expect(alone.stats.format).toBe('records');
    expect(alone.records[1]).toMatchObject({ id: '7', humanScore: 3, model: 'm' });
    const joined = await buildWildframeRecords({ input: jsonl, humans });
    expect(joined.records).toHaveLength(1);
    expect(joined.records[0]).toMatchObject({ id: '1', humanScore: 4, base: 'The battery dies fast .' });
  });
});
