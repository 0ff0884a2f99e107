import type { ChangePasswordBody, LoginBody, RegisterBody, UpdatePasswordBody, UserDto } from '@smm/shared/users/schemas';
import { api } from '../../lib/api-client';

type Form<T> = { [K in keyof T]: string };

export const registerUser = (form: Form<RegisterBody>) => api.post<UserDto>('/api/users/register', form);
export const loginUser = (form: Form<LoginBody>) => api.post<{ token: string }>('/api/users/login', form);
export const requestPasswordReset = (email: string) => api.post<{ message: string }>('/api/users/resetPassword', { email });
export const resetPassword = (userID: string, token: string, body: ChangePasswordBody) =>
  api.post<{ message: string }>(`/api/users/${encodeURIComponent(userID)}/${encodeURIComponent(token)}`, body);
export const updatePassword = (body: Form<UpdatePasswordBody>) => api.post<{ message: string; token: string }>('/api/users/updatePassword', body);
