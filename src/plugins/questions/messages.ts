/**
 * The Q&A tab's texts (English; Filipino in `src/i18n/locales/fil-PH/questions.json`): the views',
 * the form's errors and results, and the controller's messages. Only the tab's chunk imports this
 * module; the tab's name and the `Q&A` link are `tab-texts.ts` (first-load code).
 */
import { count, defineMessages, params, textsIn, type Locale } from '../../i18n/index.js';

export const qnaTexts = defineMessages('questions/qna', {
  emailInvalid: 'Enter an email address like name@example.com.',
  nameMissing: 'Enter your name.',
  questionMissing: 'Enter your question.',
  answerMissing: 'Enter your answer.',
  captcha: 'Please confirm that you are not a robot',
  questionFailed: 'Your question could not be added.',
  answerFailed: 'Your answer could not be added.',
  questionAdded: 'The question was successfully added.',
  answerAdded: 'The answer was successfully added.',
  noneMatch: params('No questions match “{search}”.'),
  none: 'No questions yet.',
  shown: count({ one: '{shown} of {count} question', other: '{shown} of {count} questions' }),
  shownMatching: count({ one: '{shown} of {count} question matching “{search}”', other: '{shown} of {count} questions matching “{search}”' }),
  voteGone: 'This question can no longer be voted on.',
  voteFailed: params('Your vote was not counted: {reason}'),
  loadFailed: 'The questions could not be loaded. Reload the page to try again.',
  listFailed: 'The questions could not be loaded.',
  searchQuestions: 'Search questions',
  clearSearch: 'Clear search',
  ask: 'Ask a question',
  searching: 'Searching…',
  retry: 'Retry',
  questions: 'Questions',
  loadingMore: 'Loading questions…',
  showMore: 'Show more questions',
  /** Before a question's text, for screen readers. */
  questionPrefix: 'Question:',
  answers: params('Answers ({count})'),
  byShop: 'shop',
  verifiedOwner: 'verified owner',
  answer: 'Answer',
  /** The text box's label when answering. */
  answerLabel: 'Answer',
  helpful: params('Helpful ({count})'),
  notHelpful: params('Not helpful ({count})'),
  askAbout: params('Ask a question about {name}'),
  answerQuestion: 'Answer a question',
  close: 'Close',
  ok: 'OK',
  questionLabel: 'Question',
  name: 'Name',
  email: 'Email',
  sending: 'Sending…',
  submitQuestion: 'Submit question',
  submitAnswer: 'Submit answer',
});

export type QnaTexts = ReturnType<typeof textsIn<typeof qnaTexts.base>>;

/** The tab's texts in `locale` (the controller and rules outside React). */
export const qnaTextsIn = (locale: Locale): QnaTexts => textsIn(qnaTexts, locale);
