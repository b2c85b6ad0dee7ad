// The payments screens' money formatting is the shared one (the audit log shows amounts the same way).
export { money } from '../../components/money';
