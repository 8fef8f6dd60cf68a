/**
 * slant's library API. The CLI is a thin layer over these; everything it does can be done from code.
 * Every name exported here is listed in docs/library.md ("Reference"; a test keeps the two the
 * same): the library's public surface. Helpers the modules share among themselves stay internal.
 */
export { FRAMINGS, type Framing, type InstrumentId, type Interval, type Metric, type TestResult, type UnreadableAnswer } from './core/types.js';
export { UserError, InputError, EXIT, formatLocation, type SourceLocation } from './core/errors.js';

// config
export { configSchema, configJsonSchema, type SlantConfig } from './config/schema.js';
export { loadConfigFile, parseConfig } from './config/load.js';

// data
export type { InputFormat, InputRecord, ReadOptions, ReadProblem, ReadStats, RawItem } from './data/types.js';
export { detectFormat, isInputFormat, INPUT_FORMATS } from './data/detect-format.js';
export { parseFieldMappings } from './data/field-mapping.js';
export { deriveRecordId } from './data/record-id.js';
export { RecordReader, readRecords, readAllRecords } from './data/read-records.js';
export { readJsonlStream, readJsonlFile } from './data/read-jsonl.js';
export { readDelimitedStream, readDelimitedFile, type CsvHeader, type DelimitedOptions } from './data/read-csv.js';
export { readParquetFile } from './data/parquet.js';
export { readJsonFile } from './data/read-json.js';
export { writeJsonl } from './data/write-jsonl.js';
export { writeCsv, type WriteCsvOptions } from './data/write-csv.js';
export { countRecords } from './data/count-records.js';
export { DEMO_DATASETS, DEMO_DOCUMENTS, type DemoDocument } from './data/samples/index.js';

// text and statistics
export { splitSentences, splitSentencesWithOffsets, sentenceBounds, type SentenceSpan } from './text/sentences.js';
export { tokenize, countWords, wordStarts, wordSpans, type TokenizeOptions } from './text/tokens.js';
export { TfidfVectorizer, type TfidfOptions } from './text/tfidf.js';
export { dot, norm, cosineSparse, cosineDense, toDense, type SparseVector } from './text/vector.js';
export { splitIntoThirds, splitIntoThirdsWithOffsets, type TextPart, type Thirds, type ThirdsOptions, type ThirdsUnit } from './text/thirds.js';
export { isFunctionWord } from './text/function-words.js';
export { readAnswer, readStatedText, questionLabels, type AnswerRead, type QuestionName, type TextRead } from './text/answer-reader.js';
export { createRng, randomSeed, sampleWithoutReplacement, shuffleInPlace, type Rng } from './stats/rng.js';
export { normalCdf, normalQuantile, tCdf, tQuantile, chiSquareCdf, chiSquareSf, betaQuantile, zCritical } from './stats/distributions.js';
export { quantile, quantileSorted, median } from './stats/quantile.js';
export { mean, variance, sd, tInterval, meanMetric } from './stats/mean.js';
export { wilsonInterval, clopperPearsonInterval, proportionMetric } from './stats/proportion.js';
export { bootstrapInterval, bootstrapMeanInterval, bootstrapMeanOfGroupMeans, DEFAULT_RESAMPLES, DEFAULT_SEED, type BootstrapOptions } from './stats/bootstrap.js';
export { oneSampleTTest, pairedTTest, welchTTest, type Alternative, type TTestOptions, type TTestResult } from './stats/ttest.js';
export { pearson, type PearsonResult } from './stats/correlation.js';
export { chiSquareIndependence, mcnemar, type ChiSquareResult } from './stats/chisquare.js';
export { accuracy, balancedAccuracy, confusionMatrix, perClassRecall, type ConfusionMatrix } from './stats/classification.js';
export { kendallTauB, type KendallResult } from './stats/kendall.js';
export { cohenKappa, weightedCohenKappa, fleissKappa, krippendorffAlpha, type AlphaLevel, type FleissResult } from './stats/agreement.js';
export { fitBradleyTerryTies, type BradleyTerryFit, type BradleyTerryOptions, type PairCounts } from './stats/bradley-terry.js';
export { spearman, rankAverage, type SpearmanResult } from './stats/spearman.js';
export { wassersteinDistance, positionalWasserstein, releasedWasserstein, meanPosition } from './stats/wasserstein.js';
export { pairedCounts, type PairedCounts } from './stats/paired.js';

// judges and models
export type { FramingJudge, Embedder, Vector } from './judges/types.js';
export { createFramingJudge, createEmbedder } from './judges/registry.js';
export { createLlmFramingJudge, parseFramingAnswer, A1_FRAMING_PROMPT } from './judges/framing/llm-judge.js';
export { evaluateFramingJudge, ratingToFraming } from './judges/framing/evaluate.js';
export { TfidfEmbedder, tfidfCosines } from './judges/embedders/tfidf-embedder.js';
export type * from './models/types.js';
export { createModel } from './models/create-model.js';
export { createBuiltinModel } from './models/builtin/index.js';
export type * from './models/stepwise.js';
export { wrapLanguageModel, type ModelMiddleware } from './models/wrap.js';

// probes
export type { Probe, ProbeContext, ProbeJudges, ProbeOutput, GroupResult, ResultTable } from './probes/types.js';
export { getProbe, probeNames, PROBE_NAMES, type ProbeName, type ProbeByName, type ProbeMeasurement, type ProbeOptions, type ProbeRecord } from './probes/registry.js';
export { positionProbe } from './probes/position/index.js';
export { wildframeProbe } from './probes/wildframe/index.js';
export { certaintyProbe, createCertaintyProbe } from './probes/certainty/index.js';
export { hallucinationProbe } from './probes/hallucination/index.js';
export { framingProbe, aggregateFraming } from './probes/framing/index.js';
export { primacyProbe, aggregatePrimacy, measurePrimacy, thirdSimilarities } from './probes/primacy/index.js';
export { resultsSchema, RESULTS_SCHEMA_ID, type Results, type ProbeResult } from './results/schema.js';

// running audits
export { Store } from './runtime/store.js';
export { RequestCache } from './runtime/cache.js';
export { planRun, planMeasure } from './pipeline/plan.js';
export { executePlan, type ExecutionPlan } from './pipeline/execute.js';
export { runAndReport, runToResults } from './pipeline/run.js';
export { audit, type AuditOptions, type AuditProbe, type AuditModel, type AuditRoles } from './pipeline/audit.js';
export { functionModel, type ModelFunction, type ModelFunctionAnswer } from './models/function-model.js';

// extending slant: plugins and the definitions they register (docs/extending.md)
export { definePlugin, type SlantPlugin } from './plugins/plugin.js';
export { registerPlugin } from './plugins/register.js';
export { loadPlugins } from './plugins/load.js';
export { defineProbe, type ProbeManifest, type AnyProbe, type Presenter } from './probes/manifest.js';
export type { AnnotationCode, AnnotationData, AnnotationKind, AnnotationOption, AttentionItem, JudgeIdentity, RunItemContext, StudyItemInput } from './probes/annotation.js';
export type { DatasetFormat, FormatEntry, FormatSource } from './probes/dataset-format.js';
export type { ItemViewer, ItemInput, ItemSummary, ItemDetail } from './probes/item-view.js';
export { summaryOf } from './probes/item-view-common.js';
export { statOf, metricOf, pointOf, seriesName, modelName } from './results/presentation.js';
// the schema library slant's definitions use (records, options), so a plugin needs no install of its own
export { z } from 'zod';
export { defineProvider, type ProviderManifest, type ProviderPrices, type Price } from './models/provider-manifest.js';
export { toAnswer } from './models/answer.js';
export { defineJudge, type JudgeManifest } from './judges/judge-manifest.js';
export { CallLog } from './mitigations/calls.js';
export { always } from './mitigations/applicability.js';
export { renderReportPage } from './report/html.js';
export { renderReportFile, writeReportFile } from './report/write.js';
export { buildReportModel } from './report/model.js';
export { presentRanking, rankingRowsOf, type RankingRow } from './probes/certainty/present-ranking.js';
export { rankingIntervals, type RankedSource } from './probes/certainty/ranking-intervals.js';
export { presentTelephone } from './probes/certainty/present-telephone.js';
export type { Presentation, Figure, PresentedTable, Stat } from './results/presentation.js';
export { renderTerminalReport } from './report/terminal.js';
export { MITIGATIONS, getMitigation, mitigationIds } from './mitigations/registry.js';
export type { Mitigation, MitigationResult, MitigationStep, Applicability } from './mitigations/types.js';
export type { Task, TaskKind, TaskRecord, RenderOverrides, GenerationDefaults } from './tasks/task.js';
export { summarizeTask } from './tasks/summarize-task.js';
export { positionSummaryTask } from './tasks/position-summary-task.js';
export { certaintyRewriteTask } from './tasks/certainty-rewrite-task.js';
export { factCheckTask } from './tasks/fact-check-task.js';
export { wildframeSentimentTask } from './tasks/wildframe-sentiment-task.js';
export { type Condition } from './pipeline/conditions.js';
export { planConditions } from './pipeline/plan-conditions.js';
export { mcnemarExact, newcombePairedInterval, holmAdjust } from './stats/paired.js';

// human-labelling studies (slant annotate)
export { createStudy, putAnswer, getAnswers } from './annotate/study-store.js';
export { startAnnotateServer } from './annotate/server.js';
export { loadStudyData } from './annotate/answers.js';
export { studyStats, type StudyStats } from './annotate/study-stats.js';
export { studyJudgeCards } from './annotate/study-cards.js';
