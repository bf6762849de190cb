// The home-page carousel slides. The images are drawn by scripts/generate-images.ts (`npm run
// images`), which writes `{slug}-{480,800,1200,1600}.webp` next to this file.
export type HomeSlide = {
  slug: string;
  alt: string;
  caption: string;
  width: number;
  height: number;
};

export const homeSlides: HomeSlide[] = [
  {
    slug: "ipa-chalkboard",
    alt: "A classroom chalkboard headed “Phonetics Workshop” showing the IPA vowel trapezoid, with vowel symbols from close front i to open back ɒ, the schwa circled in orange and a list of English key words beside it.",
    caption: "Phonetics workshop: mapping the vowel space, one IPA symbol at a time.",
    width: 1600,
    height: 1000,
  },
  {
    slug: "spectrogram-lab",
    alt: "A speech-lab desk where a monitor shows Praat with the waveform, spectrogram and phone-by-phone transcription of the word “linguistics”, next to a studio microphone, headphones and a mug.",
    caption: "Praat night in the speech lab: reading formants off a spectrogram.",
    width: 1600,
    height: 1000,
  },
  {
    slug: "syntax-whiteboard",
    alt: "A whiteboard with a syntax tree for “Colorless green ideas sleep furiously”, the phrase-structure rules boxed beside it and two sticky notes about an upcoming quiz.",
    caption: "Syntax study session: drawing trees for Chomsky’s most famous sentence.",
    width: 1600,
    height: 1000,
  },
  {
    slug: "poster-session",
    alt: "A conference hall under a blue SCULC banner where students browse four research posters on vowel shifts, code-switching, tone sandhi and evidentiality while a presenter explains their poster.",
    caption: "SCULC poster session: undergraduates presenting their own research.",
    width: 1600,
    height: 1000,
  },
];
