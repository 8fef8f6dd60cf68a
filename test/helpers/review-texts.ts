/** Two short reviews of clear, opposite sentiment, for CLI and pipeline tests. */
export const POS = 'I love this blender. It is wonderful, fast and quiet. The smoothies are excellent and cleaning is easy.';
export const NEG = 'This kettle is terrible. It broke after a week, leaked everywhere and the support was rude and useless.';
