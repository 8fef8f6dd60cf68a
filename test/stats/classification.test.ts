import { describe, expect, it } from 'vitest';
import { accuracy, balancedAccuracy, confusionMatrix, perClassRecall } from '../../src/stats/classification.js';

describe('confusionMatrix', () => {
  it("matches scikit-learn's confusion_matrix documentation example", () => {
    // sklearn docs: y_true = ["cat", "ant", "cat", "cat", "ant", "bird"],
    //               y_pred = ["ant", "ant", "cat", "cat", "ant", "cat"], labels = ["ant", "bird", "cat"]
    //   -> [[2, 0, 0], [0, 0, 1], [1, 0, 2]]
    const truth = ['cat', 'ant', 'cat', 'cat', 'ant', 'bird'];
    const pred = ['ant', 'ant', 'cat', 'cat', 'ant', 'cat'];
    const cm = confusionMatrix(truth, pred, ['ant', 'bird', 'cat']);
    expect(cm.matrix).toEqual([
      [2, 0, 0],
      [0, 0, 1],
      [1, 0, 2],
    ]);
    expect(cm.labels).toEqual(['ant', 'bird', 'cat']);
    // accuracy 4/6; recalls ant 1, bird 0, cat 2/3 -> balanced (1 + 0 + 2/3)/3 = 0.5556
    // (sklearn balanced_accuracy_score gives 0.5555555555555555)
    expect(accuracy(cm)).toBeCloseTo(4 / 6, 12);
    expect(perClassRecall(cm)).toEqual({ ant: 1, bird: 0, cat: 2 / 3 });
    expect(balancedAccuracy(cm)).toBeCloseTo(5 / 9, 12);
  });

  it('leaves labels with no true items out of balanced accuracy', () => {
    const cm = confusionMatrix(['a', 'a', 'b'], ['a', 'c', 'b'], ['a', 'b', 'c']);
    const recall = perClassRecall(cm);
    expect(recall.c).toBeNaN();
    expect(balancedAccuracy(cm)).toBeCloseTo((0.5 + 1) / 2, 12);
  });

  it('rejects unknown labels, unequal lengths, duplicate labels', () => {
    expect(() => confusionMatrix(['a'], ['z'], ['a', 'b'])).toThrow(/pred\[0\] = 'z'/);
    expect(() => confusionMatrix(['z'], ['a'], ['a', 'b'])).toThrow(/truth\[0\]/);
    expect(() => confusionMatrix(['a'], [], ['a'])).toThrow(/length/);
    expect(() => confusionMatrix(['a'], ['a'], ['a', 'a'])).toThrow(/duplicate/);
  });

  it('empty input gives NaN scores', () => {
    const cm = confusionMatrix([], [], ['a', 'b']);
    expect(accuracy(cm)).toBeNaN();
    expect(balancedAccuracy(cm)).toBeNaN();
  });
});

// Mutation-found gap: the messages' list of labels was never checked.
describe('confusionMatrix messages', () => {
  it('names the record and every allowed label', () => {
    expect(() => confusionMatrix(['a'], ['z'], ['a', 'b'])).toThrow("confusionMatrix: pred[0] = 'z' is not one of a, b");
    expect(() => confusionMatrix(['z'], ['a'], ['a', 'b'])).toThrow("confusionMatrix: truth[0] = 'z' is not one of a, b");
  });
});
