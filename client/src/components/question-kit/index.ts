export {
  blankQuestion,
  blankChoice,
  blankStatement,
  selectCount,
  typeLabel,
  type KitQuestion,
  type QuestionKind,
} from './kinds';
export { NameDialog, type NameSave } from './name-dialog';
export { QuestionEditor, type EditorTarget, type QuestionSave } from './question-editor';
export { AddQuestionMenu, QuestionList } from './question-list';
export { QuestionnaireDetail, type QuestionnaireDetailProps } from './questionnaire-detail';
export { QuestionnaireListPage } from './questionnaire-list-page';
export { questionPanelSearch, useQuestionPanel } from './question-panel';
export { QuestionnairePage, type QuestionnaireHooks } from './questionnaire-page';
