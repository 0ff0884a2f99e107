/** Field limits shared by the server schemas, the database and the form inputs. */
export const USERNAME_MAX = 32;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 5000;
