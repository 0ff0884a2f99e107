import type { UserDto } from '@smm/shared/users/schemas';
import { api } from '../../../lib/api-client';

export interface LoginForm {
  email: string;
  password: string;
}
export interface RegisterForm {
  username: string;
  email: string;
  password: string;
  password2: string;
}

/** The account calls the invite page's login and register dialogs make. */
export const login = (form: LoginForm) => api.post<{ token: string }>('/api/users/login', form);
export const register = (form: RegisterForm) => api.post<UserDto>('/api/users/register', form);
