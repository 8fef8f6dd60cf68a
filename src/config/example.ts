/** The commented slant.yaml that `slant init` writes. Kept valid by a test. */
export const EXAMPLE_CONFIG = `# slant.yaml — what to audit. Reference: docs/config.md
# JSON Schema for editors: \`slant schema config > slant.schema.json\`
version: 1

# Where runs, per-item measurements and the request cache live (SQLite, WAL).
store: .slant/slant.db
# One folder per run with results.json and report.html.
reports: .slant/reports
# Records processed at once (default: the largest maxConcurrency of the models, at least 4).
# Requests in flight are set per provider: providers: { openai: { maxConcurrency: 16 } }
concurrency: 4

# Models that write the outputs. Ids are "<provider>:<model>".
# builtin:lead-3 and builtin:textrank need no network.
# API keys come from the environment (OPENAI_API_KEY, ANTHROPIC_API_KEY, ...), never from this
# file: a key here is refused. A header a server needs may name a variable instead:
#   options: { headers: { X-Gateway-Token: { env: GATEWAY_TOKEN } } }
models:
  - id: builtin:lead-3
  - id: builtin:textrank
    label: textrank
# Your own model (\`slant init --model <id>\` writes it here). Worked examples, one per provider:
#  - id: openai:gpt-4o-mini                      # OpenAI; key from OPENAI_API_KEY (or ./.env)
#  - id: "openai-compatible:http://127.0.0.1:8000/v1#Qwen/Qwen2.5-7B-Instruct"
#                                                # vLLM, LM Studio, TGI, a hosted API: <baseURL>#<model>;
#                                                # key (if the server wants one) from OPENAI_COMPATIBLE_API_KEY
#  - id: ollama:llama3.1:8b                      # Ollama at OLLAMA_HOST (default http://127.0.0.1:11434)
#  - id: llamacpp:http://127.0.0.1:8080          # llama.cpp llama-server (the model it was started with)
#  - id: gguf:models/qwen2.5-0.5b-instruct-q4_k_m.gguf
#                                                # a GGUF file in process (needs node-llama-cpp; docs/providers-gguf.md)
# Quote an id that holds "#": in YAML a "#" after a space starts a comment, and the model name
# would be lost. Try a new model on a few records first (\`limit: 5\` under a dataset).

# Datasets: a file (JSONL, CSV, TSV, Parquet, JSON) or a built-in demo corpus.
datasets:
  - name: demo-reviews
    builtin: demo-reviews
  # - name: my-reviews
  #   path: data/reviews.csv
  #   fields: { source: reviewText }   # canonical field -> column
  #   limit: 1000
  #   skipInvalid: false

# Probes: what to measure.
probes:
  - name: framing             # seed 000, eq. 1: does the output's sentiment differ from its source?
  - name: primacy             # seed 000, eq. 2: is the output closest to the beginning of its source?
    options:
      alpha: 0.05             # threshold of eq. 2
      split: words            # words | sentences | characters: how the source is cut into thirds

# Mitigations (docs/mitigations.md): conditions run beside the baseline on the same records,
# with paired effects and costs (seed 000 Table A6 layout). "all" runs every one that applies.
# Prompt mitigations do not apply to builtin models (they never read a prompt).
# mitigations: [baseline, weighted-summaries, position-invariant-shuffle]

# Instruments: "offline" and "tfidf" need no network; a model id uses an LLM/embedding model.
judges:
  framing: offline
  embedder: tfidf

# Generation settings (seed 000, Appendix A.2: near-greedy, at most 500 new tokens, fixed seed).
generation:
  prompt: alessa-summarize    # preset, or a template containing {{document}}
  temperature: 0
  maxTokens: 500
  seed: 42
`;
